import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import type { Rolldown } from 'vite';
import { FIRST_LOAD_HINT, FIRST_LOAD_HINT_SOURCE } from '../scripts/first-load-hint.mjs';
import { needsSignIn, pathAfterSignIn } from '@/lib/auth/sign-in';
import { STORAGE_KEYS } from '@/lib/auth/storage';
import { filesOf, firstLoadHint } from './first-load-hint.ts';

type Bundle = Rolldown.OutputBundle;

/** A bundle's chunks as the plugin reads them: file, entry module, static imports, CSS. */
function bundleOf(chunks: { file: string; module: string; imports?: string[]; css?: string[] }[]): Bundle {
  return Object.fromEntries(
    chunks.map(({ file, module, imports = [], css = [] }) => [
      file,
      {
        type: 'chunk',
        fileName: file,
        facadeModuleId: module,
        moduleIds: [module],
        imports,
        viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
      },
    ]),
  ) as unknown as Bundle;
}

const BUNDLE = bundleOf([
  { file: 'assets/index.js', module: '/src/index.html', imports: ['assets/boot.js'] },
  { file: 'assets/boot.js', module: '/src/boot-part.ts' },
  {
    file: 'assets/main.js',
    module: '/src/main.tsx',
    imports: ['assets/runtime.js', 'assets/boot.js'],
    css: ['assets/main.css'],
  },
  { file: 'assets/runtime.js', module: '/src/runtime.ts' },
  {
    file: 'assets/home.js',
    module: '/src/home.tsx',
    imports: ['assets/main.js', 'assets/runtime.js', 'assets/tabs.js'],
    css: ['assets/home.css'],
  },
  { file: 'assets/tabs.js', module: '/src/tabs.tsx', imports: ['assets/main.js'], css: ['assets/home.css'] },
]);

const HTML = `<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <title>Portail</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

function transform(html: string, bundle: Bundle = BUNDLE): string {
  const plugin = firstLoadHint({ app: '/src/main.tsx', pages: { '/': '/src/home.tsx' } });
  const hook = plugin.transformIndexHtml as {
    handler: (html: string, ctx: { bundle: Bundle; chunk: Rolldown.OutputChunk }) => string;
  };
  return hook.handler(html, { bundle, chunk: bundle['assets/index.js'] as Rolldown.OutputChunk });
}

describe('the files of a chunk', () => {
  it('are the chunk, its static imports (deep, once each), then their style sheets', () => {
    expect(filesOf(BUNDLE, BUNDLE['assets/home.js'] as Rolldown.OutputChunk)).toEqual([
      'assets/home.js',
      'assets/main.js',
      'assets/runtime.js',
      'assets/tabs.js',
      'assets/boot.js',
      'assets/home.css',
      'assets/main.css',
    ]);
  });
});

describe('index.html after the build', () => {
  it("names the app's files and the home page's, less what the page loads itself or the app brings", () => {
    const html = transform(HTML);
    expect(html).toContain(
      '<meta charset="UTF-8" />\n    <meta name="portal-preload" content="/assets/main.js /assets/runtime.js /assets/main.css" />\n' +
        '    <meta name="portal-preload" data-path="/" content="/assets/home.js /assets/tabs.js /assets/home.css" />\n',
    );
  });

  it('carries the hint as its one inline script, after the frame, at the end of the body', () => {
    const html = transform(HTML);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([FIRST_LOAD_HINT]);
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html).toMatch(/<\/script>\n {2}<\/body>/);
  });

  it('fails the build when the page has no charset or no body, or a module is in no chunk', () => {
    expect(() => transform(HTML.replace('<meta charset="UTF-8" />', ''))).toThrow(/charset/);
    expect(() => transform(HTML.replace('</body>', ''))).toThrow(/body/);
    const withoutHome = bundleOf([
      { file: 'assets/index.js', module: '/src/index.html' },
      { file: 'assets/main.js', module: '/src/main.tsx' },
    ]);
    expect(() => transform(HTML, withoutHome)).toThrow(/\/src\/home\.tsx/);
  });

  it("leaves a page that is not the portal's as it is (a bench harness built with the same configuration)", () => {
    const harness = bundleOf([{ file: 'assets/index.js', module: '/bench/harness/index.html' }]);
    expect(transform(HTML, harness)).toBe(HTML);
  });
});

describe('the CSP source of the hint', () => {
  it("is the SHA-256 of the script's text, as a browser computes it", () => {
    const digest = createHash('sha256').update(FIRST_LOAD_HINT, 'utf8').digest('base64');
    expect(FIRST_LOAD_HINT_SOURCE).toBe(`'sha256-${digest}'`);
  });
});

describe('the hint, run by the page', () => {
  const preloads = () =>
    [
      ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]'),
    ].map((link) => `${link.rel}${link.rel === 'preload' ? `:${link.as}` : ''} ${link.getAttribute('href')}`);

  /** Loads a page at `address` with the metas of a build, runs the hint, lets its frame pass. */
  async function visit(address: string): Promise<string[]> {
    window.history.replaceState(null, '', address);
    document.head.innerHTML =
      '<meta name="portal-preload" content="/assets/main.js /assets/main.css" />' +
      '<meta name="portal-preload" data-path="/" content="/assets/home.js" />' +
      '<meta name="portal-preload" data-path="/signalement" content="/assets/signal.js" />';
    new Function(FIRST_LOAD_HINT)();
    // nothing is asked before the frame has been painted
    expect(preloads()).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    return preloads();
  }

  beforeEach(() => {
    // the links are looked at, not followed: happy-dom would fetch them from its own origin
    const { settings } = (window as unknown as { happyDOM: { settings: Record<string, boolean> } }).happyDOM;
    settings.disableCSSFileLoading = true;
    settings.disableJavaScriptFileLoading = true;
    settings.handleDisabledFileLoadingAsSuccess = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it.each([
    { page: '/', own: '/assets/home.js' },
    { page: '/signalement', own: '/assets/signal.js' },
  ])(
    "signed in on $page, asks for the app's code and that page's own, each as its kind",
    async ({ page, own }) => {
      localStorage.setItem('token', 'jwt');
      expect(await visit(page)).toEqual([
        'modulepreload /assets/main.js',
        'preload:style /assets/main.css',
        `modulepreload ${own}`,
      ]);
    },
  );

  it('back from single sign-on, for the page saved before leaving (home when none is saved)', async () => {
    localStorage.setItem('redirect_path', '/signalement');
    expect(await visit('/?token=jwt')).toContain('modulepreload /assets/signal.js');
    localStorage.clear();
    expect(await visit('/?token=jwt')).toContain('modulepreload /assets/home.js');
    // a saved address that is not a path of the portal counts as none, as in pathAfterSignIn
    localStorage.setItem('redirect_path', 'https://elsewhere.example/');
    expect(await visit('/?token=jwt')).toContain('modulepreload /assets/home.js');
  });

  it("signed out (no token, or the text 'undefined' or 'null'), asks for nothing", async () => {
    expect(await visit('/')).toEqual([]);
    for (const stored of ['undefined', 'null', '']) {
      localStorage.setItem('token', stored);
      expect(await visit('/'), stored).toEqual([]);
    }
    expect(await visit('/?token=')).toEqual([]);
  });

  it('decides as the boot script and the session do, with the keys they store', async () => {
    const stored = [null, 'jwt', 'undefined', 'null', ''];
    const saved = [null, '/signalement', '/', 'https://elsewhere.example/'];
    const addresses = ['/', '/signalement', '/?token=jwt', '/signalement?token=jwt'];
    for (const token of stored)
      for (const redirect of saved)
        for (const address of addresses) {
          localStorage.clear();
          if (token !== null) localStorage.setItem(STORAGE_KEYS.token, token);
          if (redirect !== null) localStorage.setItem(STORAGE_KEYS.redirectPath, redirect);
          window.history.replaceState(null, '', address);
          // the boot script loads the app for a returned token (captureReturnedToken), or else when
          // no sign-in is needed; the first screen is then the saved page, or the address
          const returned = new URLSearchParams(window.location.search).get('token') !== null;
          const loadsApp = returned || !needsSignIn();
          const page = returned ? pathAfterSignIn() : window.location.pathname;
          const own = { '/': '/assets/home.js', '/signalement': '/assets/signal.js' }[page];
          const asked = await visit(address);
          const state = `${address}, token ${token}, saved ${redirect}`;
          expect(asked.includes('modulepreload /assets/main.js'), state).toBe(loadsApp);
          if (loadsApp && own) expect(asked, state).toContain(`modulepreload ${own}`);
        }
  });

  it('without storage, asks for nothing and throws nothing', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(await visit('/')).toEqual([]);
    } finally {
      getItem.mockRestore();
    }
  });
});
