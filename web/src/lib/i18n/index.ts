/**
 * Translations through i18next and react-i18next: French is the default and fallback language,
 * English the second, one namespace 'translation' (STYLE.md, i18n). The resources are the JSON files
 * under /locales/{lng}/translation.json, fetched per language when it is first needed (the current
 * language and the fallback at start, English on a switch), so they weigh nothing in the JavaScript.
 * The language is the one the person chose, saved in local storage under STORAGE_KEYS.language
 * (kept through a sign-out), else French whatever the browser's language (portal.md section 1:
 * "in French by default"). Only a choice made with the switcher is saved.
 */
import i18next, {
  type BackendModule,
  type LanguageDetectorModule,
  type ParseKeys,
  type Resource,
  type ResourceLanguage,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, TRANSLATION_NAMESPACE } from '@portal/contract/constants';
import { STORAGE_KEYS } from '@/lib/auth/storage';

export { Trans, useTranslation } from 'react-i18next';
export type { TFunction } from 'i18next';
export {
  capitalize,
  DATE_TIME,
  dateFormat,
  dayNames,
  formatDate,
  formatNumber,
  intlLocale,
  monthNames,
  numberFormat,
} from './format';

/** A key of the French resource (what `t` accepts): an unknown key fails the typecheck. */
export type TranslationKey = ParseKeys<'translation'>;

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's resources by namespace, as the tests give them: `{ fr: { translation: fr } }`. */
export type Resources = Partial<Record<Language, Record<typeof TRANSLATION_NAMESPACE, ResourceLanguage>>>;

/** Fetches one language's JSON file the first time i18next needs it. */
const localesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    fetch(`/locales/${lng}/${ns}.json`, { cache: 'no-cache' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`translations ${lng}: HTTP ${response.status}`);
        callback(null, (await response.json()) as ResourceLanguage);
      })
      .catch((error: unknown) => callback(error as Error, false));
  },
};

/**
 * The saved choice alone, never the browser's language: the language part of what the switcher
 * saved ('en-GB' gives 'en'), else nothing (i18next then takes the fallback, French). Nothing is
 * cached here, so a language set at start (the default, a test's) is not taken for a choice. A
 * reader of local storage is all the detection the portal needs, not a browser detector's dozen.
 */
const savedChoiceDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    try {
      const saved = window.localStorage.getItem(STORAGE_KEYS.language);
      return saved ? (saved.split('-')[0] ?? saved) : undefined;
    } catch {
      // storage refused (private mode): no saved choice
      return undefined;
    }
  },
  cacheUserLanguage: () => undefined,
};

export const i18n = i18next;

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/**
 * Starts i18next in the saved language, else French: with the given resources (tests), else with
 * the files fetched by the backend. Called again (a test's new page load), it takes the given
 * resources and detects the language again.
 */
export async function initI18n(resources?: Resources, lng?: Language): Promise<void> {
  if (i18n.isInitialized) {
    for (const [language, namespaces] of Object.entries(resources ?? {}))
      for (const [ns, bundle] of Object.entries(namespaces))
        i18n.addResourceBundle(language, ns, bundle, true, true);
    await i18n.changeLanguage(lng);
    return;
  }
  if (!resources) i18n.use(localesBackend);
  await i18n
    .use(savedChoiceDetector)
    .use(initReactI18next)
    .init({
      ...(resources ? { resources: resources as Resource } : {}),
      ...(lng ? { lng } : {}),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: [TRANSLATION_NAMESPACE],
      defaultNS: TRANSLATION_NAMESPACE,
      // React escapes what it renders
      interpolation: { escapeValue: false },
      // the app renders once the translations are there (main.tsx waits for this promise)
      react: { useSuspense: false },
    });
}

/** Switches the language (its file fetched the first time) and saves it as the person's choice. */
export async function changeLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // storage refused (private mode, quota): the choice holds for this page only
  }
}
