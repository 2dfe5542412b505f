/**
 * The simulated single sign-on pages (outside the endpoint table): the persona chooser, the redirect
 * back to the portal with a token, the logout. See auth/sso-pages.ts for the pages themselves.
 */
import express, { type Request, type Response, type Router } from 'express';
import { mintTokens, verifyToken } from '../auth/jwt.ts';
import { isSessionId, newSessionId, SSO_SESSION_COOKIE } from '../auth/sessions.ts';
import { errorPage, loginPage, logoutPage } from '../auth/sso-pages.ts';
import { bearer, cookie, ctxOf, runtimeOf } from '../middleware/context.ts';
import { isPortalOrigin } from '../middleware/cors.ts';
import type { MockRuntime } from '../runtime/mock-runtime.ts';
import { userByPersona } from '../store/access.ts';
import { rows } from '../store/db.ts';
import { html } from './html.ts';

function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > 4000) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
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

export function signInRouter(): Router {
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

  return router;
}
