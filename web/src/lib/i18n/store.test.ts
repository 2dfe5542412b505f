// The translation runtime's lookups as i18next made them with the portal's options: nested keys,
// the fallback language, plurals by Intl.PluralRules with `_zero`, `{{name}}` interpolation.
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../../public/locales/fr/translation.json';
import en from '../../../public/locales/en/translation.json';
import { getTranslation, setLanguage, setTranslations, subscribe, translate } from './store';

beforeEach(() => {
  setTranslations(
    {
      fr: {
        list: { item_one: '{{count}} élément', item_other: '{{count}} éléments' },
        zero: { item_zero: 'Aucun', item_one: 'Un', item_other: '{{count}}' },
        only_french: 'Seulement en français',
        plain: 'Sans pluriel ({{count}})',
        greeting: 'Bonjour {{ name }}, {{name}} !',
        empty: '',
        branch: { leaf: 'Feuille' },
      },
      en: {
        list: { item_one: '{{count}} item', item_other: '{{count}} items' },
        zero: { item_one: 'One', item_other: '{{count}}' },
        greeting: 'Hello {{name}}',
        branch: { leaf: 'Leaf' },
      },
    },
    'fr',
    'fr',
  );
});

describe('translate', () => {
  it('finds nested keys, and gives the key itself when there is no text', () => {
    expect(translate('fr', 'branch.leaf')).toBe('Feuille');
    expect(translate('en', 'branch.leaf')).toBe('Leaf');
    expect(translate('fr', 'branch.missing')).toBe('branch.missing');
    expect(translate('fr', 'branch')).toBe('branch');
    expect(translate('fr', 'branch.leaf.deeper')).toBe('branch.leaf.deeper');
  });

  it('falls back to French for a key English lacks', () => {
    expect(translate('en', 'only_french')).toBe('Seulement en français');
  });

  it('gives defaultValue when no language has the key, an empty text being a text', () => {
    expect(translate('en', 'nowhere', { defaultValue: 'ACTIVE' })).toBe('ACTIVE');
    expect(translate('fr', 'nowhere', { defaultValue: '' })).toBe('');
    expect(translate('fr', 'empty', { defaultValue: 'unused' })).toBe('');
    expect(translate('fr', 'only_french', { defaultValue: 'unused' })).toBe('Seulement en français');
  });

  it('picks the plural form of Intl.PluralRules: French 0 and 1 are singular, English 0 plural', () => {
    expect([0, 1, 2, 1.5].map((count) => translate('fr', 'list.item', { count }))).toEqual([
      '0 élément',
      '1 élément',
      '2 éléments',
      '1.5 élément',
    ]);
    expect([0, 1, 2].map((count) => translate('en', 'list.item', { count }))).toEqual([
      '0 items',
      '1 item',
      '2 items',
    ]);
  });

  it('takes `_zero` for a count of 0 where the language has it, else the fallback, else the plural rule', () => {
    expect([0, 1, 3].map((count) => translate('fr', 'zero.item', { count }))).toEqual(['Aucun', 'Un', '3']);
    // English lacks zero.item_zero: its own plural form comes before the fallback's `_zero`
    expect(translate('en', 'zero.item', { count: 0 })).toBe('0');
    expect(translate('en', 'list.item', { count: 0 })).toBe('0 items');
  });

  it("falls back to `_other`, then to the key without a suffix, when the rule's form is missing", () => {
    // French says 'many' for a million: the resources have no `_many`
    expect(translate('fr', 'list.item', { count: 1_000_000 })).toBe('1000000 éléments');
    expect(translate('fr', 'plain', { count: 4 })).toBe('Sans pluriel (4)');
    expect(translate('fr', 'absent', { count: 4 })).toBe('absent');
  });

  it('does not pluralize a count given as a string, but interpolates it', () => {
    expect(translate('fr', 'plain', { count: '7' as unknown as number })).toBe('Sans pluriel (7)');
  });

  it('interpolates every `{{name}}` (spaces trimmed) without escaping; a variable not passed stays', () => {
    expect(translate('fr', 'greeting', { name: '<b>Ada</b> & Co' })).toBe(
      'Bonjour <b>Ada</b> & Co, <b>Ada</b> & Co !',
    );
    expect(translate('fr', 'greeting', { name: 42 })).toBe('Bonjour 42, 42 !');
    expect(translate('fr', 'greeting', { name: null })).toBe('Bonjour ,  !');
    expect(translate('fr', 'greeting', { name: undefined })).toBe('Bonjour ,  !');
    expect(translate('en', 'greeting')).toBe('Hello {{name}}');
    expect(translate('en', 'nowhere', { defaultValue: '{{n}} left', n: 3 })).toBe('3 left');
  });
});

describe('the store', () => {
  it('binds `t` to the language, a new `t` and one notification on each change', () => {
    const calls: string[] = [];
    const unsubscribe = subscribe(() => calls.push(getTranslation().language));
    const before = getTranslation();
    expect(before.t('branch.leaf')).toBe('Feuille');

    setLanguage('en');
    expect(getTranslation().t('branch.leaf')).toBe('Leaf');
    expect(getTranslation().t).not.toBe(before.t);
    expect(before.t('branch.leaf')).toBe('Feuille');
    unsubscribe();
    setLanguage('fr');
    expect(calls).toEqual(['en']);
  });

  it('adds a bundle with the language it brings', () => {
    setLanguage('de', { branch: { leaf: 'Blatt' } });
    expect(getTranslation().t('branch.leaf')).toBe('Blatt');
    expect(getTranslation().t('only_french')).toBe('Seulement en français');
  });
});

describe('the portal resources', () => {
  it('say "Aucun résultat" for 0, then one and many results, in both languages', () => {
    setTranslations({ fr, en }, 'fr', 'fr');
    const key = 'wizards.area.results';
    expect([0, 1, 2].map((count) => translate('fr', key, { count }))).toEqual([
      'Aucun résultat',
      '1 résultat',
      '2 résultats',
    ]);
    expect([0, 1, 2].map((count) => translate('en', key, { count }))).toEqual([
      'No result',
      '1 result',
      '2 results',
    ]);
  });
});
