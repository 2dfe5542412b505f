/**
 * The two business-intelligence workspaces are separate rights: the POWER_BI report (/api/powerbi in
 * the portal) needs ROLE_POWER_BI, the REPORT_TRENDS report (/api/powerbi/trends) ROLE_REPORT_TRENDS,
 * each for the contract asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let c: Client;

beforeAll(async () => {
  server = await startQuiet();
  c = new Client(server, 'bi-embed');
  const personas = [
    { id: 'pbi-only', roles: ['ROLE_POWER_BI'], contractIds: [1] },
    { id: 'trends-only', roles: ['ROLE_REPORT_TRENDS'], contractIds: [1] },
    { id: 'pbi-contract-2', roles: ['ROLE_POWER_BI', 'ROLE_REPORT_TRENDS'], contractIds: [2] },
  ];
  for (const persona of personas) {
    const created = await c.raw('POST', '/__mock/personas', { body: persona });
    if (created.status !== 201) throw new Error(`persona ${persona.id}: ${created.status} ${created.text}`);
  }
});
afterAll(async () => server?.close());

const embed = (persona: string | null, contract: number, service?: 'POWER_BI' | 'REPORT_TRENDS') =>
  c.as(persona, 'GET', `/api/power-bi/embed?contract=${contract}${service ? `&service=${service}` : ''}`);

describe('Power BI embedding: one right per workspace', () => {
  it('gives the POWER_BI report to ROLE_POWER_BI only', async () => {
    const own = await embed('pbi-only', 1, 'POWER_BI');
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ reportId: 'rpt-dijon-metropole-main', btnLabel: 'Rapports Power BI' });
    expect(own.body.embedUrl).toContain('/stand-in/powerbi/rpt-dijon-metropole-main');
    // the default service is POWER_BI
    expect((await embed('pbi-only', 1)).body.reportId).toBe('rpt-dijon-metropole-main');

    const refused = await embed('trends-only', 1, 'POWER_BI');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/json/);
    expect(refused.body.message).toContain('ROLE_POWER_BI');
    expect(refused.body.message).not.toContain('ROLE_REPORT_TRENDS');
    expect((await embed('trends-only', 1)).status).toBe(403);
  });

  it('gives the REPORT_TRENDS report to ROLE_REPORT_TRENDS only', async () => {
    const own = await embed('trends-only', 1, 'REPORT_TRENDS');
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ reportId: 'rpt-dijon-metropole-trends', btnLabel: 'Tendances' });

    const refused = await embed('pbi-only', 1, 'REPORT_TRENDS');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/json/);
    expect(refused.body.message).toContain('ROLE_REPORT_TRENDS');
    expect(refused.body.message).not.toContain('ROLE_POWER_BI');
  });

  it('gives both reports to a user holding both roles', async () => {
    expect((await embed('bi-analyst', 1, 'POWER_BI')).body.reportId).toBe('rpt-dijon-metropole-main');
    expect((await embed('bi-analyst', 1, 'REPORT_TRENDS')).body.reportId).toBe('rpt-dijon-metropole-trends');
  });

  it('holds the rights for the contract asked only', async () => {
    for (const service of ['POWER_BI', 'REPORT_TRENDS'] as const) {
      const elsewhere = await embed('pbi-contract-2', 1, service);
      expect(elsewhere.status, service).toBe(403);
      expect(typeof elsewhere.body.message).toBe('string');
      const own = await embed('pbi-contract-2', 2, service);
      expect(own.status, `${service}: ${own.text}`).toBe(200);
      expect(own.body.reportId).toMatch(/^rpt-/);
    }
    expect((await embed('pbi-only', 2, 'POWER_BI')).status).toBe(403);
  });

  it('refuses users without either role (403 naming both) and callers without a token (401)', async () => {
    const none = await embed('agent', 1, 'POWER_BI');
    expect(none.status).toBe(403);
    expect(none.body.message).toContain('ROLE_POWER_BI');
    expect(none.body.message).toContain('ROLE_REPORT_TRENDS');
    const anonymous = await embed(null, 1, 'REPORT_TRENDS');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/token/i);
  });
});
