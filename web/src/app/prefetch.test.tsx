import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchLink, useLinkPrefetch } from './prefetch';

const loads = vi.hoisted(() => ({
  list: vi.fn(() => Promise.resolve({})),
  detail: vi.fn(() => Promise.resolve({})),
  profile: vi.fn(() => Promise.resolve({})),
  map: vi.fn(() => Promise.resolve({})),
  calendar: vi.fn(() => Promise.resolve({})),
}));
vi.mock('./screens', () => ({
  screens: {
    '/signalement': loads.list,
    '/signalement/signal/:signalId': loads.detail,
    '/mon-profil': loads.profile,
    '/cartographie': loads.map,
    '/calendrier': loads.calendar,
  },
}));

const base = 'http://portal.test/';

describe('prefetchLink', () => {
  beforeEach(() => vi.clearAllMocks());

  it("loads the screen of a portal link once, whatever the link's parameters", () => {
    prefetchLink('/signalement/signal/12', base);
    prefetchLink('/signalement/signal/13?tab=history', base);
    expect(loads.detail).toHaveBeenCalledTimes(1);
    expect(loads.list).not.toHaveBeenCalled();
  });

  it('loads nothing for another origin or a path of no route', () => {
    prefetchLink('https://elsewhere.test/signalement', base);
    prefetchLink('/nulle-part', base);
    prefetchLink('mailto:agent@example.fr', base);
    expect(loads.list).not.toHaveBeenCalled();
  });

  it('tries again on the next intent after a failed load', async () => {
    loads.list.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    prefetchLink('/signalement', base);
    await vi.waitFor(() => expect(loads.list).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetchLink('/signalement', base);
    expect(loads.list).toHaveBeenCalledTimes(2);
  });
});

function Shell() {
  useLinkPrefetch();
  return (
    <nav>
      <a href="/mon-profil">Mon profil</a>
    </nav>
  );
}

describe('useLinkPrefetch', () => {
  it('loads a screen when a link is pointed at or reached with the keyboard, and stops listening once unmounted', () => {
    const { getByRole, unmount } = render(<Shell />);
    const link = getByRole('link', { name: 'Mon profil' });
    link.focus();
    expect(loads.profile).toHaveBeenCalledTimes(1);
    render(<a href="/cartographie">Carte</a>)
      .getByRole('link', { name: 'Carte' })
      .dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loads.map).toHaveBeenCalledTimes(1);
    unmount();
    const other = document.body.appendChild(document.createElement('a'));
    other.setAttribute('href', '/calendrier');
    other.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loads.calendar).not.toHaveBeenCalled();
    other.remove();
  });
});
