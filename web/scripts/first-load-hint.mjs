// The one inline script of index.html, put there by the build (web/tools/first-load-hint.ts) and
// allowed by the content security policy through its hash (security-headers.mjs; the nginx image's
// 40-portal-runtime-config.sh writes the same hash, and tests/ checks that they agree).
//
// A visit that will stay on the portal asks for the app's code, and for the code of the page it
// opens, as soon as the frame of index.html is painted, instead of once the boot script has been
// fetched and run: on a phone's first load the app's chunk is the longest download, and it now
// starts one round trip earlier. Not before that paint: a file that arrived before it would be
// counted in the frame's paint by Lighthouse's simulated phone (the frame is the largest paint of
// most home pages). The script sits at the end of <body>, after the frame. It
// decides as the boot script does (boot.ts; needsSignIn, captureReturnedToken and pathAfterSignIn
// in lib/auth/sign-in.ts): a token coming back from single sign-on, or a stored one other than
// 'undefined' or 'null'; back from single sign-on, the page is the one saved before leaving. A
// signed-out visit asks nothing and leaves for single sign-on with the boot script alone. The files
// are named by <meta name="portal-preload"> elements, a page's own by their data-path. A wrong
// guess costs bytes, never a failure: the boot script and the app load what they need either way.
import { createHash } from 'node:crypto';

export const FIRST_LOAD_HINT = `(function () {
  try {
    var returned = new URLSearchParams(window.location.search).get('token');
    var stored = window.localStorage.getItem('token');
    if (!returned && (!stored || stored === 'undefined' || stored === 'null')) return;
    var saved = returned ? window.localStorage.getItem('redirect_path') : null;
    var page = returned ? (saved && saved.charAt(0) === '/' ? saved : '/') : window.location.pathname;
    var files = [];
    var lists = document.querySelectorAll('meta[name="portal-preload"]');
    for (var i = 0; i < lists.length; i++) {
      var path = lists[i].getAttribute('data-path');
      if (path === null || path === page) files = files.concat(lists[i].content.split(' '));
    }
    window.requestAnimationFrame(function () {
      window.setTimeout(function () {
        for (var j = 0; j < files.length; j++) {
          if (!files[j]) continue;
          var link = document.createElement('link');
          var style = /\\.css$/.test(files[j]);
          link.rel = style ? 'preload' : 'modulepreload';
          if (style) link.as = 'style';
          link.crossOrigin = '';
          link.href = files[j];
          document.head.appendChild(link);
        }
      }, 0);
    });
  } catch (error) {
    // no storage: the boot script decides alone
  }
})();`;

/** The CSP source that allows the script, e.g. 'sha256-…'. */
export const FIRST_LOAD_HINT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_LOAD_HINT).digest('base64')}'`;
