// A persona without the role of a feature is refused both ways: the route goes home with the
// danger alert, and the server answers 403 to the feature's calls (reads and writes). One table,
// one test per feature.
import { test, expect } from '../../fixtures/index.ts';

interface Refusal {
  feature: string;
  persona: string;
  route: string;
  calls: { method: 'GET' | 'POST'; path: string; data?: Record<string, unknown> }[];
}

const REFUSALS: Refusal[] = [
  {
    feature: 'public works (no planner role)',
    persona: 'signal-agent',
    route: '/travaux/nouveau',
    calls: [
      { method: 'GET', path: '/api/public-work?contract=1' },
      { method: 'GET', path: '/api/public-work/report/stats?contract=1' },
      { method: 'GET', path: '/api/contract/1/map-server?organizationId=2' },
      {
        method: 'POST',
        path: '/api/public-work',
        data: {
          contractId: 1,
          organizationId: 2,
          title: 'x',
          startDate: '2027-01-01',
          endDate: '2027-01-02',
        },
      },
    ],
  },
  {
    feature: 'requests (no request role)',
    persona: 'signal-agent',
    route: '/demande/nouvelle-demande',
    calls: [
      { method: 'GET', path: '/api/request?contract=1' },
      { method: 'POST', path: '/api/request', data: { contractId: 1, requestTypeId: 1 } },
    ],
  },
  {
    feature: 'signals (no signal role)',
    persona: 'agent',
    route: '/signalement/signaler',
    calls: [
      { method: 'GET', path: '/api/signal?contract=1' },
      {
        method: 'POST',
        path: '/api/signal',
        data: { contractId: 1, categoryId: 1, description: 'x', location: { lat: 47.3, lng: 5 } },
      },
    ],
  },
  {
    feature: 'calendars (no calendar role)',
    persona: 'agent',
    route: '/calendrier/1',
    calls: [
      { method: 'GET', path: '/api/calendar?contract=1' },
      { method: 'GET', path: '/api/calendar/1/event?startDate=2026-01-01&endDate=2026-01-31' },
    ],
  },
  {
    feature: 'the industrial-site view (no site role)',
    persona: 'calendar-user',
    route: '/mon-site',
    calls: [{ method: 'GET', path: '/api/user/industrial-site?contractId=1' }],
  },
];

for (const { feature, persona, route, calls } of REFUSALS) {
  test(`${feature}: refused to ${persona}, route and calls`, async ({
    page,
    signInAs,
    mock,
    mockUrl,
    request,
  }) => {
    await signInAs(persona, route);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas les droits" })).toBeVisible();
    const headers = await mock.bearer(persona);
    for (const { method, path, data } of calls) {
      const response =
        method === 'GET'
          ? await request.get(`${mockUrl}${path}`, { headers })
          : await request.post(`${mockUrl}${path}`, { headers, data });
      expect(response.status(), `${method} ${path}`).toBe(403);
    }
  });
}
