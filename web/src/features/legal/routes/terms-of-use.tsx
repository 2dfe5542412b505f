import { LegalSections } from '../components/legal-sections';

/** The 14 sections of the terms of use. */
const TERMS_SECTIONS = [
  'purpose',
  'definitions',
  'acceptance',
  'access',
  'account',
  'services',
  'obligations',
  'data',
  'personal_data',
  'cookies',
  'intellectual_property',
  'liability',
  'changes',
  'law',
].map((id) => ({ id }));

/** /conditions-generales-d-utilisation-portail */
export function Component() {
  return <LegalSections pageKey="terms" sections={TERMS_SECTIONS} />;
}
