// The French and English resources as a person reads them: the same keys and the same
// interpolation variables in both languages, one apostrophe, every profile and status named in
// words, nothing left as a code.
import { describe, expect, it } from 'vitest';
import fr from '../../../public/locales/fr/translation.json';
import en from '../../../public/locales/en/translation.json';

/** Every string of a resource, with its key. */
function strings(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
  return [];
}

const get = (resource: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);

/** The `{{variables}}` of a text (a format after a comma left out), sorted. */
const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();

/** What differs between two resources: each key one lacks, and each text whose variables differ. */
function parityProblems(reference: unknown, other: unknown, otherName: string): string[] {
  const mine = new Map(strings(reference));
  const theirs = new Map(strings(other));
  const problems: string[] = [];
  for (const [key, text] of mine) {
    const their = theirs.get(key);
    if (their === undefined) problems.push(`${otherName} lacks ${key}`);
    else if (variables(text).join(',') !== variables(their).join(','))
      problems.push(
        `${key}: {{${variables(text).join('}}, {{')}}} but ${otherName} has {{${variables(their).join('}}, {{')}}}`,
      );
  }
  for (const key of theirs.keys())
    if (!mine.has(key)) problems.push(`${otherName} has ${key}, French does not`);
  return problems;
}

describe('translation resources', () => {
  it('have the same keys and the same interpolation variables in French and English', () => {
    expect(parityProblems(fr, en, 'English')).toEqual([]);
  });

  it('name the missing key and the variable that differs', () => {
    const french = { a: { b: 'Bonjour {{name}}', c: '{{count}} élément' }, d: 'x' };
    const english = { a: { b: 'Hello {{ name }}', c: '{{total}} item' }, e: 'y' };
    expect(parityProblems(french, english, 'English')).toEqual([
      'a.c: {{count}} but English has {{total}}',
      'English lacks d',
      'English has e, French does not',
    ]);
  });

  it("write the French apostrophe one way: the straight one the resources use (no '’')", () => {
    const all = strings(fr);
    const straight = all.filter(([, text]) => text.includes("'")).length;
    const curly = all.filter(([, text]) => text.includes('’'));
    expect(straight).toBeGreaterThan(100);
    expect(curly.map(([key]) => key)).toEqual([]);
  });

  it('name every user profile in words (AGENT, ADMINISTRATOR, EXTERNAL)', () => {
    expect(get(fr, 'user_types')).toEqual({
      AGENT: 'Agent',
      ADMINISTRATOR: 'Administrateur',
      EXTERNAL: 'Externe',
    });
    expect(get(en, 'user_types')).toEqual({
      AGENT: 'Agent',
      ADMINISTRATOR: 'Administrator',
      EXTERNAL: 'External',
    });
  });

  it('name a single work status in the singular (the statistics keep the plural)', () => {
    expect(get(fr, 'works.status_single.PLANNED')).toBe('Planifié');
    expect(get(fr, 'works.status_single.DONE')).toBe('Terminé');
    expect(get(fr, 'works.status.PLANNED')).toBe('Planifiés');
    for (const status of ['PLANNED', 'IN_PROGRESS', 'SUSPENDED', 'DONE', 'CANCELLED'])
      expect(typeof get(en, `works.status_single.${status}`), status).toBe('string');
  });

  it('call an area a territory in French, everywhere the territorial admin names one', () => {
    const areaTexts = strings(fr).filter(([key]) => /(^|\.)(areas?|organization_areas)(\.|$)/.test(key));
    expect(areaTexts.length).toBeGreaterThan(20);
    expect(areaTexts.filter(([, text]) => /\bzones?\b/i.test(text))).toEqual([]);
  });
});
