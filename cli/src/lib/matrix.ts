/**
 * The role matrix: every route of the route table against every persona, granted or refused as
 * the table's rights say (granted() on the persona's roles).
 */
import { granted } from '@portal/contract/permissions';
import { buildPath, paths, routeRules, type RouteRule } from '@portal/contract/routes';

export interface MatrixPersona {
  id: string;
  roles: readonly string[];
}

interface MatrixRoute {
  /** the route pattern of the table */
  path: string;
  /** a concrete address for the browser (parameters filled with 1) */
  sample: string;
  rights: readonly string[];
  /** where a refused persona lands */
  redirectTo: string;
  granted: Record<string, boolean>;
}

export interface Matrix {
  personas: string[];
  routes: MatrixRoute[];
}

/** Routes of the signed-in shell: public pages (legal, errors) open for everyone and are left out. */
function shellRoutes(rules: readonly RouteRule[] = routeRules): RouteRule[] {
  return rules.filter((rule) => !rule.public);
}

function samplePath(pattern: string): string {
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  return buildPath(pattern, Object.fromEntries(names.map((name) => [name, 1])));
}

export function computeMatrix(
  personas: readonly MatrixPersona[],
  rules: readonly RouteRule[] = shellRoutes(),
): Matrix {
  return {
    personas: personas.map((p) => p.id),
    routes: rules.map((rule) => ({
      path: rule.path,
      sample: samplePath(rule.path),
      rights: rule.rights,
      redirectTo: rule.redirectTo ?? paths.home,
      granted: Object.fromEntries(personas.map((p) => [p.id, granted({ roles: p.roles }, rule.rights)])),
    })),
  };
}

/** One observation of the browser check (written by e2e/tests/matrix/role-matrix.spec.ts). */
export interface MatrixObservation {
  persona: string;
  route: string;
  expected: 'granted' | 'refused';
  actual: 'granted' | 'refused' | 'error';
  finalPath: string;
  alert: boolean;
  detail?: string;
}

/** Routes the browser check leaves out: visiting them ends the session. */
export const LIVE_EXCLUDED = new Set<string>([paths.logout]);

/** Renders routes x personas with ✓ / ✗; personas are numbered columns with a legend. */
export function matrixTable(matrix: Matrix, observed: readonly MatrixObservation[] = []): string {
  const seen = new Map(observed.map((o) => [`${o.persona} ${o.route}`, o]));
  const width = Math.max(...matrix.routes.map((r) => r.path.length), 'ROUTE'.length);
  const cols = matrix.personas.map((_, i) => String(i + 1).padStart(3));
  const lines = [
    `${'ROUTE'.padEnd(width)} ${cols.join('')}`,
    `${'-'.repeat(width)} ${'-'.repeat(cols.length * 3)}`,
  ];
  for (const route of matrix.routes) {
    const cells = matrix.personas.map((persona) => {
      const expected = route.granted[persona] ?? false;
      const o = seen.get(`${persona} ${route.path}`);
      const mark = expected ? '✓' : '✗';
      if (!o) return mark.padStart(3);
      return (o.actual === o.expected ? mark : '!').padStart(3);
    });
    lines.push(`${route.path.padEnd(width)} ${cells.join('')}`);
  }
  lines.push('', 'Personas:');
  matrix.personas.forEach((persona, i) => lines.push(`${String(i + 1).padStart(3)}  ${persona}`));
  lines.push(
    '',
    observed.length
      ? '✓ granted  ✗ refused  ! the browser disagrees with the route table'
      : '✓ granted  ✗ refused (from the route table)',
  );
  return lines.join('\n');
}
