/** The schema-free route map the portal ships matches the endpoint table, entry for entry. */
import { describe, expect, it } from 'vitest';
import { endpointRoutes, type EndpointRoute } from '../src/endpoint-routes.ts';
import { endpointList } from '../src/endpoints/index.ts';

describe('endpointRoutes', () => {
  it('has one entry per endpoint of the table, and no other', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(endpointList.map((e) => e.id).sort());
  });

  it.each(endpointList.map((e) => [e.id, e] as const))(
    '%s: same method, path, base and answer kind',
    (id, e) => {
      const route: EndpointRoute = (endpointRoutes as Record<string, EndpointRoute>)[id] as EndpointRoute;
      expect(route).toEqual({
        method: e.method,
        path: e.path,
        ...(e.base === 'documents' ? { base: 'documents' } : {}),
        ...(e.binary ? { binary: true } : {}),
        ...(e.paginated ? { paginated: true } : {}),
        ...(e.upload ? { upload: true } : {}),
        ...(e.id === 'siteIndicatorValues' ? { brackets: ['typeCodes'] } : {}),
      });
    },
  );

  it('carries no schema (the portal ships it instead of the zod table)', () => {
    const source = JSON.stringify(endpointRoutes);
    expect(source).not.toMatch(/"_zod"|"def"|"shape"/);
    for (const route of Object.values(endpointRoutes))
      expect(
        Object.keys(route).every((k) =>
          ['method', 'path', 'base', 'binary', 'paginated', 'upload', 'brackets'].includes(k),
        ),
      ).toBe(true);
  });
});
