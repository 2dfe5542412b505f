/** Offline map services (outside the endpoint table): raster tiles and a stand-in of the address search. */
import express, { type Request, type Response, type Router } from 'express';
import { makeTile } from '@portal/fixtures';
import { ctxOf } from '../middleware/context.ts';
import { fold } from '../store/access.ts';
import { rows } from '../store/db.ts';

const tileCache = new Map<string, Buffer>();

export function mapRouter(): Router {
  const router = express.Router();

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

  return router;
}
