import Button from 'react-bootstrap/Button';
import { useTranslation } from '@/lib/i18n';

/**
 * The portal's own page after a sign-out without network (docs/offline.md): the session is gone
 * from the device; the single sign-on hears of it at the next sign-in, once the network is back.
 */
export function SignedOut() {
  const { t } = useTranslation();
  return (
    <main className="container py-5" style={{ maxWidth: '40rem' }}>
      <h1 className="h3">{t('offline.signed_out.title')}</h1>
      <p>{t('offline.signed_out.body')}</p>
      <Button onClick={() => window.location.assign('/')}>{t('offline.signed_out.sign_in')}</Button>
    </main>
  );
}
