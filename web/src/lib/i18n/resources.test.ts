// The French and English resources as a person reads them: one apostrophe, every profile and status
// named in words, nothing left as a code.
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

describe('translation resources', () => {
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

  it('have the same keys in French and English', () => {
    const keys = (resource: unknown) =>
      strings(resource)
        .map(([key]) => key)
        .sort();
    expect(keys(en)).toEqual(keys(fr));
  });
});
