/**
 * Build only: index.html names the files a signed-in first load needs, and carries the small
 * inline script that asks for them once the page's frame is painted, before the boot script has run
 * (web/scripts/first-load-hint.mjs says why and how it decides). The files:
 * - the app's (its chunk, the chunks it imports and its CSS), for every page;
 * - for each page given in `pages` (its path and its screen's module), that screen's chunk, what it
 *   imports and its CSS, less what the app brings.
 * What index.html already loads itself (the boot script and its chunks) is not named again.
 */
import type { Plugin, Rolldown } from 'vite';
import { FIRST_LOAD_HINT } from '../scripts/first-load-hint.mjs';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/**
 * The chunk that holds `moduleId` (the app, or a screen loaded on demand): its entry, or the chunk
 * group it was put in (the app's, app-chunk.ts).
 */
function chunkHolding(bundle: Bundle, moduleId: string): Chunk | undefined {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  return (
    chunks.find((output) => output.facadeModuleId === moduleId) ??
    chunks.find((output) => output.moduleIds.includes(moduleId))
  );
}

function entryChunk(bundle: Bundle, moduleId: string): Chunk {
  const chunk = chunkHolding(bundle, moduleId);
  if (!chunk) throw new Error(`first-load hint: no chunk holds ${moduleId}`);
  return chunk;
}

/** The files a chunk needs before it runs: itself, its static imports (deep), and their CSS. */
export function filesOf(bundle: Bundle, chunk: Chunk): string[] {
  const scripts: string[] = [];
  const styles: string[] = [];
  const queue = [chunk.fileName];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const output = bundle[file];
    if (scripts.includes(file) || output?.type !== 'chunk') continue;
    scripts.push(file);
    for (const css of output.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
    queue.push(...output.imports);
  }
  return [...scripts, ...styles];
}

/** The `<meta>` elements that name the files, as index.html carries them. */
function preloadMetas(app: readonly string[], pages: Readonly<Record<string, readonly string[]>>): string {
  const list = (files: readonly string[]) => files.map((file) => `/${file}`).join(' ');
  return [
    `<meta name="portal-preload" content="${list(app)}" />`,
    ...Object.entries(pages).map(
      ([path, files]) => `<meta name="portal-preload" data-path="${path}" content="${list(files)}" />`,
    ),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
}

export function firstLoadHint({
  app,
  pages,
}: {
  /** the app's module (src/main.tsx) */
  app: string;
  /** path → the module of its screen */
  pages: Readonly<Record<string, string>>;
}): Plugin {
  return {
    name: 'portal-first-load-hint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        // a page built with this configuration that is not the portal's (the bench's harnesses)
        if (!bundle || !chunkHolding(bundle, app)) return html;
        // what index.html loads itself: its entry and everything the entry imports
        const inPage = new Set(chunk ? filesOf(bundle, chunk) : []);
        const appFiles = filesOf(bundle, entryChunk(bundle, app)).filter((file) => !inPage.has(file));
        const pageFiles = Object.fromEntries(
          Object.entries(pages).map(([path, module]) => [
            path,
            filesOf(bundle, entryChunk(bundle, module)).filter(
              (file) => !inPage.has(file) && !appFiles.includes(file),
            ),
          ]),
        );
        const charset = /<meta charset="[^"]*"\s*\/?>\n/i;
        if (!charset.test(html) || !html.includes('</body>')) {
          throw new Error('first-load hint: index.html has no <meta charset> or no </body>');
        }
        // the script after the frame whose paint it waits for, at the end of <body>
        return html
          .replace(charset, (tag) => `${tag}${preloadMetas(appFiles, pageFiles)}`)
          .replace('</body>', () => `  <script>${FIRST_LOAD_HINT}</script>\n  </body>`);
      },
    },
  };
}
