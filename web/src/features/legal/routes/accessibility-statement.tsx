import { LegalSections } from '../components/legal-sections';

/** The parts RGAA asks of a statement: status, results, known gaps, how it was made, contact, remedy. */
const SECTIONS = [
  { id: 'status' },
  { id: 'results' },
  { id: 'gaps' },
  { id: 'environment' },
  { id: 'contact' },
  { id: 'remedy' },
];

/** /accessibilite: the accessibility statement, linked beside the legal notice. */
export function Component() {
  return <LegalSections pageKey="accessibility" sections={SECTIONS} />;
}
