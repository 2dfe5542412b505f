import { LegalSections } from '../components/legal-sections';

const SECTIONS = [
  { id: 'publisher' },
  { id: 'director' },
  { id: 'hosting' },
  { id: 'property' },
  { id: 'contact' },
];

/** /mentions-legales-portail */
export function Component() {
  return <LegalSections pageKey="legal_notice" sections={SECTIONS} />;
}
