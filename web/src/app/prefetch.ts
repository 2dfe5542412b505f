/**
 * The likely next screen loads before it is asked for: pointing at a link of the portal (or
 * reaching it with the keyboard) loads that route's screen, once, in the background, so that the
 * click finds its code already there. Nothing loads on the home page until the user shows intent.
 */
import { useEffect } from 'react';
import { loadScreenOf } from './screen-loader';

/** the links already looked at: a pointer moving over a menu matches each href once, not on every move */
const seen = new Set<string>();

/** Loads the screen a same-origin link leads to; a failed load is tried again on the next intent. */
export function prefetchLink(href: string, base: string = window.location.href): void {
  if (seen.has(href)) return;
  seen.add(href);
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return;
  }
  if (url.origin !== new URL(base).origin) return;
  void loadScreenOf(url.pathname)?.then((loaded) => {
    if (!loaded) seen.delete(href);
  });
}

function onIntent(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const href = link?.getAttribute('href');
  if (href) prefetchLink(href);
}

/** Listens for a pointer over, or the focus on, any link of the page while the shell is shown. */
export function useLinkPrefetch(): void {
  useEffect(() => {
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);
}
