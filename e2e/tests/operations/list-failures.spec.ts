// The signal, request and works lists when their call fails: the list says so
// with a retry button, in place (never the error page, never "no data"); the retry shows the rows.
import { test, expect, PagedList } from '../../fixtures/index.ts';

const LISTS = [
  { name: 'signals', persona: 'signal-agent', path: '/signalement', call: '/api/signal' },
  { name: 'requests', persona: 'request-agent', path: '/demande', call: '/api/request' },
  { name: 'public works', persona: 'works-planner', path: '/travaux', call: '/api/public-work' },
];

for (const list of LISTS) {
  test(`the ${list.name} list: a failed load warns in place with a retry, and the retry shows the rows`, async ({
    loadFailure,
    page,
    signInAs,
    mock,
  }) => {
    await mock.faults.add({ method: 'GET', path: list.call, status: 503 });
    await signInAs(list.persona, list.path);
    const { alert } = loadFailure;
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${list.path}$`));
    await expect(loadFailure.noData).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Oups/);

    await mock.faults.clear();
    await loadFailure.retry();
    await expect(alert).toBeHidden();
    await expect(new PagedList(page).rows.first()).toBeVisible();
  });
}
