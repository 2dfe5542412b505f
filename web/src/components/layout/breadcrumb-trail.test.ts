import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail';

const labels = (path: string) => breadcrumbTrail(path).map((c) => `${c.to} ${c.labelKey}`);

describe('breadcrumb trail', () => {
  it('is empty at the top level', () => {
    expect(labels('/')).toEqual([]);
    expect(labels('/signalement')).toEqual([]);
    expect(labels('/gestion-territoriale')).toEqual([]);
  });

  it('passes through the lists and details above a sub-page', () => {
    expect(labels('/signalement/signal/12')).toEqual(['/signalement menu.signals']);
    expect(labels('/demande/nouvelle-demande/4')).toEqual([
      '/demande menu.requests',
      '/demande/nouvelle-demande menu.request_create',
    ]);
    expect(labels('/travaux/edition/3')).toEqual(['/travaux menu.works']);
    expect(labels('/calendrier/1/evenement')).toEqual([
      '/calendrier calendar.list_title',
      '/calendrier/1 breadcrumb.calendar',
    ]);
    expect(labels('/admin/contrat/2/exploitant/9')).toEqual([
      '/admin/contrat menu.admin_contracts',
      '/admin/contrat/2 breadcrumb.contract',
    ]);
    expect(labels('/gestion-territoriale/utilisateur/4')).toEqual([
      '/gestion-territoriale menu.admin_territorial',
    ]);
  });

  it('never passes through a creation screen', () => {
    expect(labels('/gestion-territoriale/site-industriel/3/contact/5')).toEqual([
      '/gestion-territoriale menu.admin_territorial',
      '/gestion-territoriale/site-industriel/3 breadcrumb.industrial_site',
    ]);
  });
});
