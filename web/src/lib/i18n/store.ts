/**
 * The portal's translation runtime, in place of i18next and react-i18next (17 KiB gzip on the home
 * page, issue [perf] item 1): the bundles of each language, the current language and who listens
 * to it. `translate` resolves a key as i18next did with the portal's options (one namespace, '.'
 * between nested keys, `{{name}}` interpolation without escaping, plurals by Intl.PluralRules),
 * so the resources under web/public/locales stay as they are.
 */

/** One language's translations: nested objects of strings. */
export type Bundle = Record<string, unknown>;

/** What a `t` call may pass: `count` (plural and `{{count}}`), `defaultValue`, any `{{variable}}`. */
export interface TOptions {
  count?: number;
  defaultValue?: string;
  [variable: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** The state a render reads: the language and a `t` bound to it (a new one on every change). */
export interface Translation {
  language: string;
  t: TFunction;
}

const bundles = new Map<string, Bundle>();
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();
let fallbackLanguage = 'fr';
let snapshot = bind('fr');

function bind(language: string): Translation {
  return { language, t: (key, options) => translate(language, key, options) };
}

function publish(language: string): void {
  snapshot = bind(language);
  for (const listener of listeners) listener();
}

function find(language: string, key: string): string | undefined {
  let node: unknown = bundles.get(language);
  for (const part of key.split('.')) node = (node as Bundle | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * The text of `key` in `language`, else in the fallback language, else `defaultValue`, else the
 * key itself. With a numeric `count`, each language is asked for `key_zero` (count 0), then the
 * plural form of its Intl.PluralRules (`key_one`, `key_other`...), then `key_other` (a form the
 * resources lack, French 'many' for a million, where i18next showed the key), then `key`.
 * `{{name}}` takes `options.name` as a string (null and an own undefined give ''); a variable not
 * passed stays as written, as i18next leaves it.
 */
export function translate(language: string, key: string, options: TOptions = {}): string {
  const { count } = options;
  let text: string | undefined;
  for (const lng of new Set([language, fallbackLanguage])) {
    const keys =
      typeof count === 'number'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(lng, count)}`, `${key}_other`, key]
        : [key];
    for (const candidate of keys) text ??= find(lng, candidate);
  }
  return (text ?? options.defaultValue ?? key).replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const variable = name.trim();
    return Object.hasOwn(options, variable) ? String(options[variable] ?? '') : match;
  });
}

/** Sets the bundles (each language's replaced), the fallback and the current language. */
export function setTranslations(resources: Record<string, Bundle>, language: string, fallback: string): void {
  for (const [lng, bundle] of Object.entries(resources)) bundles.set(lng, bundle);
  fallbackLanguage = fallback;
  publish(language);
}

export const hasBundle = (language: string): boolean => bundles.has(language);

/** Adds a language's bundle and makes it the current language (every subscriber re-renders). */
export function setLanguage(language: string, bundle?: Bundle): void {
  if (bundle) bundles.set(language, bundle);
  publish(language);
}

export const getTranslation = (): Translation => snapshot;

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
