import { describe, expect, it } from 'vitest';
import type { Contract } from '@portal/contract';
import { activeEntryId, MENU, visibleMenu } from './menu';

const contract = (metadatas: Record<string, string> = {}): Contract => ({
  id: 1,
  label: 'Dijon',
  status: 'ACTIVE',
  contractMetadatas: { contract_country_code: 'FR', ...metadatas },
});
const ids = (groups: ReturnType<typeof visibleMenu>) => groups.flatMap((g) => g.entries.map((e) => e.id));
const onContract = (code: string, ...contractIds: number[]) => ({
  [code]: contractIds.map((id) => ({ type: 'contract' as const, id })),
});

describe('side menu filtering', () => {
  it('shows a plain user the general and account entries only', () => {
    const menu = ids(visibleMenu({ roles: ['ROLE_USER'], services: {} }, 1, contract()));
    expect(menu).toEqual(['home', 'map', 'profile', 'terms', 'legal', 'accessibility', 'cookies', 'logout']);
  });

  it('shows service entries only when the service is tied to the current contract', () => {
    const signalAgent = {
      roles: ['ROLE_SIGNAL_NOTIFY', 'ROLE_SIGNAL_OPERATOR'],
      services: onContract('SIGNAL_NOTIFY', 1),
    };
    expect(ids(visibleMenu(signalAgent, 1, contract()))).toEqual(
      expect.arrayContaining(['signals', 'signal-create']),
    );
    expect(ids(visibleMenu(signalAgent, 2, contract()))).not.toContain('signals');
  });

  it('groups by category, leaving out empty ones', () => {
    const groups = visibleMenu({ roles: ['ROLE_SUPER_ADMIN_CONTRACT'], services: {} }, 1, contract());
    expect(groups.map((g) => g.category)).toEqual(['general', 'administration', 'account']);
    expect(groups.find((g) => g.category === 'administration')?.entries.map((e) => e.id)).toEqual([
      'admin-territorial',
    ]);
  });

  it('shows contract management to the portal super admin only', () => {
    expect(
      ids(visibleMenu({ roles: ['ROLE_SUPER_ADMIN_PORTAL_VA'], services: {} }, 1, contract())),
    ).toContain('admin-contracts');
    expect(
      ids(visibleMenu({ roles: ['ROLE_SUPER_ADMIN_ORGANIZATION'], services: {} }, 1, contract())),
    ).toEqual(expect.arrayContaining(['admin-territorial']));
  });

  it('gives external entries their address and hides those without one', () => {
    const docAgent = {
      roles: ['ROLE_VA_GEST_DOC', 'ROLE_VA_METABASE_REQUESTER'],
      services: onContract('VA_GEST_DOC', 1),
    };
    const withUrls = visibleMenu(
      docAgent,
      1,
      contract({ mayanUrl: 'https://docs.example', metabaseUrl: 'https://mb.example' }),
    );
    const tools = withUrls.find((g) => g.category === 'tools')?.entries ?? [];
    expect(tools.map((e) => [e.id, e.url])).toEqual([
      ['document-manager', 'https://docs.example'],
      ['metabase', 'https://mb.example'],
    ]);
    expect(ids(visibleMenu(docAgent, 1, contract()))).not.toContain('metabase');
  });

  it('shows nothing without a user', () => {
    expect(visibleMenu(null, 1, contract())).toEqual([]);
  });
});

describe('the highlighted entry', () => {
  it.each([
    ['/', 'home'],
    ['/cartographie', 'map'],
    ['/signalement', 'signals'],
    ['/signalement/signal/12', 'signals'],
    ['/signalement/signaler', 'signal-create'],
    ['/demande/nouvelle-demande/4', 'request-create'],
    ['/demande/8', 'requests'],
    ['/api/powerbi/trends', 'trends'],
    ['/api/powerbi', 'power-bi'],
    ['/admin/contrat/mes-contrats', 'admin-contracts'],
    ['/gestion-territoriale/exploitant/3', 'admin-territorial'],
    ['/nulle-part', null],
  ])('%s highlights %s alone', (pathname, id) => {
    expect(activeEntryId(MENU, pathname)).toBe(id);
  });
});
