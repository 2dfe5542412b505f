/** Everything outside the endpoint table: SSO pages, map tiles, logos, stand-in pages of embedded tools. */
import express, { type Request, type Response, type Router } from 'express';
import { logoSvg, makeTile } from '@portal/fixtures';
import { mintTokens, verifyToken } from '../auth/jwt.ts';
import { isSessionId, newSessionId, SSO_SESSION_COOKIE } from '../auth/sessions.ts';
import { errorPage, escapeHtml, loginPage, logoutPage, page } from '../auth/sso-pages.ts';
import { bearer, cookie, ctxOf, runtimeOf } from '../middleware/context.ts';
import { isPortalOrigin } from '../middleware/cors.ts';
import type { MockRuntime } from '../runtime.ts';
import { fold, userByPersona } from '../store/access.ts';
import { rows } from '../store/db.ts';

function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > 4000) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function html(res: Response, status: number, body: string): void {
  res.status(status).type('text/html; charset=utf-8').send(body);
}

/**
 * The address the sign-in page sends the browser (and its token) back to: a complete http(s) address
 * on one of the portal's origins (no open redirect). Answers the refusal page itself otherwise.
 */
function portalRedirect(req: Request, res: Response): URL | null {
  const redirect = httpUrl(req.query.redirect);
  if (!redirect) {
    html(
      res,
      400,
      errorPage(
        'Adresse de retour invalide',
        'Le paramètre redirect doit être une adresse http(s) complète.',
      ),
    );
    return null;
  }
  if (!isPortalOrigin(req, redirect.origin)) {
    html(
      res,
      400,
      errorPage(
        'Adresse de retour refusée',
        `${redirect.origin} n’est pas une adresse du portail : la connexion ne renvoie qu’au portail ` +
          '(localhost, 127.0.0.1 ou les adresses de MOCK_CORS_ORIGINS).',
      ),
    );
    return null;
  }
  return redirect;
}

const tileCache = new Map<string, Buffer>();

const SSO_COOKIE_ATTRIBUTES = 'Path=/saml; HttpOnly; SameSite=Lax';

/** The browser's SSO session (its cookie), while it has not been signed out. */
function browserSession(req: Request, runtime: MockRuntime): string | null {
  const sid = cookie(req, SSO_SESSION_COOKIE);
  return isSessionId(sid) && !runtime.sessions.isEnded(sid) ? sid : null;
}

/**
 * The sessions a logout ends: the browser's (SSO cookie), and the session of a token given as
 * `Authorization: Bearer` or `?token=` (access or refresh token, checked signature).
 */
function sessionsToEnd(req: Request, runtime: MockRuntime): string[] {
  const sids = new Set<string>();
  const fromCookie = cookie(req, SSO_SESSION_COOKIE);
  if (isSessionId(fromCookie)) sids.add(fromCookie);
  const tokens = [bearer(req), typeof req.query.token === 'string' ? req.query.token : null];
  for (const token of tokens) {
    if (!token || token.length > 4000) continue;
    const result = verifyToken(token, runtime.key);
    if (result.ok && result.claims.sid) sids.add(result.claims.sid);
  }
  return [...sids];
}

export function extrasRouter(): Router {
  const router = express.Router();

  router.get('/saml/login', (req: Request, res: Response) => {
    const redirect = portalRedirect(req, res);
    if (!redirect) return;
    const { partition } = ctxOf(res);
    const db = partition.db;
    const realm = typeof req.query.realm === 'string' ? req.query.realm : db.state.defaultRealm;
    html(
      res,
      200,
      loginPage({
        realm,
        redirect: redirect.toString(),
        partition: partition.name,
        personas: rows(db, 'users').filter((u) => u.personaId !== null),
        contractLabels: new Map(rows(db, 'contracts').map((c) => [c.id, c.label])),
        failureUrl: `${redirect.origin}/error/sso`,
      }),
    );
  });

  router.get('/saml/login/select', (req: Request, res: Response) => {
    const redirect = portalRedirect(req, res);
    if (!redirect) return;
    const runtime = runtimeOf(req);
    const partitionName =
      typeof req.query.partition === 'string' && req.query.partition
        ? req.query.partition
        : ctxOf(res).partition.name;
    const partition = runtime.partitions.get(partitionName);
    const user =
      typeof req.query.persona === 'string' ? userByPersona(partition.db, req.query.persona) : undefined;
    if (!user) {
      html(res, 404, errorPage('Personne inconnue', 'Cette personne n’existe pas dans le scénario chargé.'));
      return;
    }
    // one SSO session per browser: signing in again in it keeps the session, the logout ends it
    const sid = browserSession(req, runtime) ?? newSessionId();
    const { token } = mintTokens(user, partition.name, runtime.key, undefined, sid);
    res.setHeader('Set-Cookie', `${SSO_SESSION_COOKIE}=${sid}; ${SSO_COOKIE_ATTRIBUTES}`);
    redirect.searchParams.set('token', token);
    res.redirect(302, redirect.toString());
  });

  router.get('/saml/logout', (req: Request, res: Response) => {
    const runtime = runtimeOf(req);
    for (const sid of sessionsToEnd(req, runtime)) runtime.sessions.end(sid);
    res.setHeader('Set-Cookie', `${SSO_SESSION_COOKIE}=; ${SSO_COOKIE_ATTRIBUTES}; Max-Age=0`);
    const params = new URLSearchParams();
    if (typeof req.query.realm === 'string') params.set('realm', req.query.realm);
    const redirect = httpUrl(req.query.redirect);
    if (redirect && isPortalOrigin(req, redirect.origin)) params.set('redirect', redirect.toString());
    html(res, 200, logoutPage(`/saml/login?${params.toString()}`));
  });

  router.get('/tiles/:z/:x/:y.png', (req: Request, res: Response) => {
    const z = Number(req.params.z);
    const x = Number(req.params.x);
    const y = Number(req.params.y);
    const max = 2 ** z;
    if (![z, x, y].every(Number.isInteger) || z < 0 || z > 22 || x < 0 || y < 0 || x >= max || y >= max) {
      res.status(404).json({ message: `No tile ${req.params.z}/${req.params.x}/${req.params.y}` });
      return;
    }
    const key = `${z}/${x}/${y}`;
    let tile = tileCache.get(key);
    if (!tile) {
      tile = makeTile(z, x, y);
      if (tileCache.size > 2000) tileCache.clear();
      tileCache.set(key, tile);
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/png').end(tile);
  });

  // an offline stand-in of the French national address API (api-adresse.data.gouv.fr `/search/?q=`):
  // its GeoJSON FeatureCollection for the municipalities of the mock's data, best match first
  router.get(['/geocoder/search', '/geocoder/search/'], (req: Request, res: Response) => {
    const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
    if (q.length < 3 || q.length > 200) {
      res.status(400).json({ code: 400, message: 'q must contain between 3 and 200 chars', detail: ['q'] });
      return;
    }
    const limit = Math.min(Math.max(Number(req.query.limit) || 5, 1), 20);
    const words = fold(q)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const scored = rows(ctxOf(res).partition.db, 'divisions')
      .filter((d) => d.countryCode === 'FR')
      .map((d) => {
        const text = fold(`${d.label} ${d.postalCode}`);
        const hits = words.filter((w) => text.includes(w)).length;
        return { d, score: words.length ? hits / words.length : 0 };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || a.d.label.localeCompare(b.d.label, 'fr'))
      .slice(0, limit);
    res.json({
      type: 'FeatureCollection',
      version: 'draft',
      query: q,
      limit,
      features: scored.map(({ d, score }) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [d.lng, d.lat] },
        properties: {
          label: `${d.label} ${d.postalCode}`,
          score: Math.round(score * 100) / 100,
          id: String(d.id),
          type: 'municipality',
          name: d.label,
          postcode: d.postalCode,
          citycode: String(d.id),
          city: d.label,
          x: d.lng,
          y: d.lat,
          importance: score,
        },
      })),
    });
  });

  router.get('/assets/logos/:name', (req: Request, res: Response) => {
    const svg = logoSvg(String(req.params.name));
    if (!svg) {
      res.status(404).json({ message: `No logo ${req.params.name}` });
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('image/svg+xml').send(svg);
  });

  router.get('/documents/view/:documentKey', (req: Request, res: Response) => {
    const key = String(req.params.documentKey);
    html(
      res,
      200,
      page(
        `Document ${key}`,
        `<h1>Document ${escapeHtml(key)}</h1><p>Aperçu simulé du service documentaire.</p>`,
      ),
    );
  });

  router.get('/stand-in/powerbi/:reportId', (req: Request, res: Response) => {
    const id = String(req.params.reportId);
    html(
      res,
      200,
      page(
        `Rapport ${id}`,
        `<h1>Rapport Power BI (simulation)</h1><p>Rapport <strong>${escapeHtml(id)}</strong> : ce cadre remplace le rapport réel hors ligne.</p>`,
      ),
    );
  });

  router.get('/stand-in/thingsboard/:dashboardId', (req: Request, res: Response) => {
    const id = String(req.params.dashboardId);
    if (typeof req.query.token !== 'string' || req.query.token === '') {
      html(res, 401, errorPage('Accès refusé', 'Un jeton d’accès (token) est nécessaire.'));
      return;
    }
    const dashboard = ctxOf(res).partition.db.state.thingsBoardDashboards.find((d) => d.id === id);
    html(
      res,
      dashboard ? 200 : 404,
      page(
        dashboard?.title ?? 'Tableau inconnu',
        `<h1>${escapeHtml(dashboard?.title ?? 'Tableau de bord inconnu')}</h1><p>Tableau de bord IoT simulé (${escapeHtml(id)}).</p>`,
      ),
    );
  });

  return router;
}
