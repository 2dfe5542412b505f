import { LegalSections, type LegalSection } from '../components/legal-sections';

/** The 8 sections of the cookie statement; the HTML ones are sanitized. */
const COOKIE_SECTIONS: LegalSection[] = [
  { id: 'what' },
  { id: 'why', html: true },
  { id: 'essential', html: true },
  { id: 'audience', html: true },
  { id: 'monitoring' },
  { id: 'consent', html: true },
  { id: 'duration' },
  { id: 'contact', html: true },
];

/** /declaration-cookies */
export function Component() {
  return <LegalSections pageKey="cookies" sections={COOKIE_SECTIONS} />;
}
