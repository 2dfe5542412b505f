import DOMPurify from 'dompurify';
import { type TranslationKey, useTranslation } from '@/lib/i18n';
import { PageTitle } from '@/components/ui/page-title';

export interface LegalSection {
  /** the section's key under the page's translation key */
  id: string;
  /** the text is HTML (sanitized before it is shown) */
  html?: boolean;
}

/** Sanitizes an HTML text: no script, no event handler, no javascript: address. */
function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });
}

/** A legal page: a title and its numbered sections, each with a heading and a text. */
export function LegalSections({ pageKey, sections }: { pageKey: string; sections: LegalSection[] }) {
  const { t } = useTranslation();
  // the page's key and its sections' ids are given by the page that lists them
  const key = (path: string) => `${pageKey}.${path}` as TranslationKey;
  return (
    <article className="legal-page">
      <PageTitle>{t(key('title'))}</PageTitle>
      {t(key('intro'), { defaultValue: '' }) ? <p className="lead">{t(key('intro'))}</p> : null}
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={`${pageKey}-${section.id}`} className="mb-4">
          <h2 id={`${pageKey}-${section.id}`} className="h5">
            {index + 1}. {t(key(`sections.${section.id}.title`))}
          </h2>
          {section.html ? (
            <div
              className="legal-html"
              // the text is sanitized with DOMPurify: no script or event handler survives
              dangerouslySetInnerHTML={{ __html: sanitize(t(key(`sections.${section.id}.text`))) }}
            />
          ) : (
            <p className="legal-text">{t(key(`sections.${section.id}.text`))}</p>
          )}
        </section>
      ))}
    </article>
  );
}
