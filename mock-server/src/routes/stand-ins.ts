/**
 * Stand-ins of the services the portal embeds or links to (outside the endpoint table): contract
 * logos, the document service's viewer, Power BI reports, ThingsBoard dashboards, the Things Board
 * portal and the open API site.
 */
import express, { type Request, type Response, type Router } from 'express';
import { logoSvg } from '@portal/fixtures';
import { errorPage, escapeHtml, page } from '../auth/sso-pages.ts';
import { ctxOf } from '../middleware/context.ts';
import { html } from './html.ts';

export function standInsRouter(): Router {
  const router = express.Router();

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

  // the tools the shell opens in a new tab (the contract's thingsBoardUrl and openApiUrl)
  router.get('/stand-in/things-board-portal', (_req: Request, res: Response) => {
    html(
      res,
      200,
      page(
        'Portail Things Board',
        '<h1>Portail Things Board (simulation)</h1><p>Administration des objets connectés du contrat.</p>',
      ),
    );
  });

  router.get('/stand-in/open-api', (_req: Request, res: Response) => {
    html(
      res,
      200,
      page('Open API', '<h1>Open API (simulation)</h1><p>Documentation des API ouvertes du contrat.</p>'),
    );
  });

  return router;
}
