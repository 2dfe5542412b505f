/** The control API is its table: every route the mock registers under /__mock is a row, and back. */
import { describe, expect, it } from 'vitest';
import { controlEndpointList } from '../control-api/endpoints.ts';
import { controlRouter } from '../src/control/router.ts';
import { controlHandlers } from '../src/control/handlers.ts';
import { mockOpenApi } from '../src/control/docs.ts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** `METHOD /path` of every route the router answers (its middleware and 404 aside). */
function registered(): string[] {
  const stack = (controlRouter() as unknown as { stack: Layer[] }).stack;
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((m) => m !== '_all')
          .map((m) => `${m.toUpperCase()} ${layer.route?.path}`)
      : [],
  );
}

describe('the control table', () => {
  const rows = controlEndpointList.map((def) => `${def.method} ${def.path}`);

  it('has one route of the mock per row, and no route without a row', () => {
    expect([...registered()].sort()).toEqual([...rows].sort());
  });

  it('fails when a route is added to the mock outside the table', () => {
    const router = controlRouter();
    router.get('/extra', (_req, res) => res.end());
    const stack = (router as unknown as { stack: Layer[] }).stack;
    const paths = stack.flatMap((l) => (l.route ? [l.route.path] : []));
    expect(paths.filter((p) => !controlEndpointList.some((d) => d.path === p))).toEqual(['/extra']);
  });

  it('has one handler per row and unique ids, methods and paths', () => {
    expect(Object.keys(controlHandlers).sort()).toEqual(controlEndpointList.map((d) => d.id).sort());
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('documents every row in the OpenAPI document, with the body schema of the writes', () => {
    const paths = mockOpenApi('http://localhost').paths as Record<string, Record<string, unknown>>;
    for (const def of controlEndpointList) {
      const path = `/__mock${def.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      expect(paths[path]?.[def.method.toLowerCase()], `${def.method} ${path}`).toBeDefined();
    }
    const addStub = paths['/__mock/stubs']?.post as { requestBody?: unknown };
    expect(JSON.stringify(addStub.requestBody)).toContain('responseHeaders');
  });
});
