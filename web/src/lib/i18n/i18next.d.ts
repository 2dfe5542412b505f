/**
 * Translation keys typed from the French resource: `t('no.such.key')` fails the typecheck.
 * Type-only: the JSON is not bundled.
 */
import 'i18next';
import type fr from '../../../public/locales/fr/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr };
  }
}
