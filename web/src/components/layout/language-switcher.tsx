import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import { changeLanguage, LANGUAGES, type Language } from '@/lib/i18n';

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <Form.Label htmlFor={id} className="small mb-1">
        {t('shell.language')}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
