// Lint of our own for the Dockerfiles (no Docker engine and no hadolint here): every COPY source
// exists in the build context and is not ignored, every stage a COPY --from names exists, every
// npm script and file a RUN, CMD or ENTRYPOINT uses exists, images run as a non-root user, the
// service images have a health check; the web build installs only the web workspace, the mock
// image runs compiled JavaScript, the e2e image uses Debian's Chromium as local runs do.
import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { posix } from 'node:path';
import { commandWords, copyArgs, parseDockerfile, stages, type Stage } from './dockerfile.ts';
import { exists, fromRoot, readPackage, readText } from './helpers.ts';

interface Image {
  file: string;
  service: boolean;
}

const IMAGES: Image[] = [
  { file: 'mock-server/Dockerfile', service: true },
  { file: 'web/Dockerfile', service: true },
  { file: 'e2e/Dockerfile', service: false },
];

const ignored = readText('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

function isIgnored(path: string): boolean {
  const parts = path.replace(/\/$/, '').split('/');
  return ignored.some((pattern) => {
    const p = pattern.replace(/^\*\*\//, '');
    if (pattern.startsWith('**/'))
      return parts.includes(p) || parts.some((seg) => p.startsWith('*') && seg.endsWith(p.slice(1)));
    return path === p || path.startsWith(`${p}/`);
  });
}

function load(file: string): Stage[] {
  return stages(parseDockerfile(readText(file)));
}

/** Workspace folder for a `-w`/`--workspace` value (folder or package name). */
function workspaceDir(value: string): string | null {
  const root = readPackage('.');
  for (const dir of root.workspaces ?? []) {
    if (dir === value || readPackage(dir).name === value) return dir;
  }
  return null;
}

/** Checks every `npm ...` command of a RUN line; returns the problems found. */
function npmProblems(run: string): string[] {
  const problems: string[] = [];
  const withoutFlags = run.replace(/^(--\S+\s+)+/, '');
  for (const command of withoutFlags.split(/&&|;/).map((c) => c.trim())) {
    const words = command.split(/\s+/);
    if (words[0] !== 'npm') continue;
    const workspaces: string[] = [];
    words.forEach((w, i) => {
      if ((w === '-w' || w === '--workspace') && words[i + 1]) workspaces.push(words[i + 1] as string);
      if (w.startsWith('--workspace=')) workspaces.push(w.slice('--workspace='.length));
    });
    for (const ws of workspaces) {
      if (!workspaceDir(ws)) problems.push(`"${command}": no workspace ${ws}`);
    }
    if (words[1] === 'run') {
      const script = words[2] ?? '';
      const dirs = workspaces.length ? workspaces.map((w) => workspaceDir(w) ?? '') : ['.'];
      for (const dir of dirs) {
        if (dir && !readPackage(dir).scripts?.[script])
          problems.push(`"${command}": no script "${script}" in ${dir}/package.json`);
      }
    }
  }
  return problems;
}

describe.each(IMAGES)('$file', ({ file, service }) => {
  const all = load(file);
  const final = all.at(-1) as Stage;

  it('parses into at least one stage', () => {
    expect(all.length).toBeGreaterThan(0);
    expect(final.from).not.toBe('');
  });

  it('copies only files that exist in the build context and are not ignored', () => {
    const problems: string[] = [];
    for (const stage of all) {
      for (const ins of stage.instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')) {
        const { flags, sources } = copyArgs(ins.args);
        if ('from' in flags) {
          const earlier = all.slice(0, all.indexOf(stage)).map((s) => s.name);
          if (!earlier.includes(flags.from ?? ''))
            problems.push(`line ${ins.line}: no earlier stage "${flags.from}"`);
          continue;
        }
        for (const source of sources) {
          if (!exists(source)) problems.push(`line ${ins.line}: ${source} does not exist`);
          else if (isIgnored(source))
            problems.push(`line ${ins.line}: ${source} is excluded by .dockerignore`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('runs only npm scripts and workspaces that exist', () => {
    const problems = all.flatMap((s) =>
      s.instructions.filter((i) => i.keyword === 'RUN').flatMap((i) => npmProblems(i.args)),
    );
    expect(problems).toEqual([]);
  });

  it('starts a program that the final stage contains', () => {
    const start = final.instructions.filter((i) => i.keyword === 'ENTRYPOINT' || i.keyword === 'CMD');
    // The nginx image keeps its own entrypoint; the others name theirs.
    if (file !== 'web/Dockerfile') expect(start.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const ins of start) {
      for (const word of commandWords(ins.args)) {
        if (!/\.(m?js|ts|sh)$/.test(word)) continue;
        const source = sourceInRepo(final, ins.line, word);
        const built = builtIn(all, final, ins.line, word);
        if (built) {
          // built by an earlier stage: that stage must run a build
          if (!built.instructions.some((i) => i.keyword === 'RUN' && /npm run build\b/.test(i.args)))
            problems.push(`${ins.keyword} runs ${word}, which stage ${built.name} does not build`);
        } else if (!source) problems.push(`${ins.keyword} runs ${word}, which the final stage does not copy`);
        else if (!exists(source))
          problems.push(`${ins.keyword} runs ${word}: ${source} does not exist in the repo`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('runs as a non-root user', () => {
    const user = final.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user, 'the final stage sets USER').toBeDefined();
    expect(['root', '0', '0:0', 'root:root']).not.toContain(user);
  });

  if (service) {
    it('has a health check', () => {
      const check = final.instructions.find((i) => i.keyword === 'HEALTHCHECK');
      expect(check?.args).toMatch(/CMD/);
    });
  }
});

/**
 * The repository path a file of the image comes from (copied by the stage's COPY instructions
 * before `line`, from the build context), or null when no COPY brings it.
 */
function sourceInRepo(stage: Stage, line: number, pathInImage: string): string | null {
  let workdir = '/';
  let found: string | null = null;
  let target = pathInImage;
  for (const ins of stage.instructions) {
    if (ins.line >= line) break;
    if (ins.keyword === 'WORKDIR') {
      workdir = posix.resolve(workdir, ins.args);
      continue;
    }
    if (ins.keyword !== 'COPY') continue;
    const { flags, sources, dest } = copyArgs(ins.args);
    if ('from' in flags) continue;
    const destAbs = posix.resolve(workdir, dest);
    for (const src of sources) {
      if (statSafe(src)?.isDirectory()) {
        const rel = posix.relative(destAbs, target);
        if (!rel.startsWith('..') && !posix.isAbsolute(rel)) found = posix.join(src, rel);
      } else {
        const fileAbs = dest.endsWith('/') ? posix.join(destAbs, posix.basename(src)) : destAbs;
        if (fileAbs === target) found = src;
      }
    }
  }
  // Relative names are resolved against the stage's last WORKDIR.
  if (!pathInImage.startsWith('/')) {
    target = posix.resolve(workdir, pathInImage);
    return sourceInRepo(stage, line, target);
  }
  return found;
}

/** The earlier stage a file of the image is copied from (COPY --from=stage), or null. */
function builtIn(all: Stage[], stage: Stage, line: number, pathInImage: string): Stage | null {
  let workdir = '/';
  let found: Stage | null = null;
  for (const ins of stage.instructions) {
    if (ins.line >= line) break;
    if (ins.keyword === 'WORKDIR') workdir = posix.resolve(workdir, ins.args);
    if (ins.keyword !== 'COPY') continue;
    const { flags, dest } = copyArgs(ins.args);
    if (!('from' in flags)) continue;
    const rel = posix.relative(posix.resolve(workdir, dest), posix.resolve(workdir, pathInImage));
    if (!rel.startsWith('..') && !posix.isAbsolute(rel))
      found = all.find((s) => s.name === flags.from) ?? null;
  }
  return found;
}

function statSafe(path: string) {
  try {
    return statSync(fromRoot(path));
  } catch {
    return null;
  }
}

describe('image choices', () => {
  it('the mock server runs on the current Node LTS (24) slim in a multi-stage build, state in /data', () => {
    const all = load('mock-server/Dockerfile');
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((s) => s.from === 'node:24-bookworm-slim')).toBe(true);
    const text = readText('mock-server/Dockerfile');
    expect(text).toMatch(/MOCK_STATE_FILE=\/data\/state\.json/);
    expect(text).toMatch(/VOLUME \["\/data"\]/);
    expect(text).toMatch(/__mock\/health/);
  });

  it('the mock image runs the compiled JavaScript of its build stage, with production dependencies only', () => {
    const all = load('mock-server/Dockerfile');
    const final = all.at(-1) as Stage;
    const entry = final.instructions.find((i) => i.keyword === 'ENTRYPOINT');
    const words = JSON.parse(entry?.args ?? '[]') as string[];
    expect(words[0]).toBe('node');
    expect(words.join(' ')).not.toMatch(/tsx|\.ts\b/);
    const program = words.find((w) => /\.m?js$/.test(w)) ?? '';
    // the file the build script writes is the one the image starts
    expect(readText('mock-server/scripts/build.mjs')).toContain(
      `'../${program.replace(/^mock-server\//, '')}'`,
    );
    expect(builtIn(all, final, entry?.line ?? 0, program)?.name).toBe('build');
    // no TypeScript source in the image that runs
    const copied = final.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copied.filter((args) => /\bsrc\b/.test(args))).toEqual([]);
    // its node_modules come from an install without devDependencies
    const deps = all.find((s) =>
      copied.some((args) => args.includes(`--from=${s.name}`) && args.includes('node_modules')),
    );
    expect(deps?.instructions.some((i) => i.keyword === 'RUN' && /npm ci .*--omit=dev/.test(i.args))).toBe(
      true,
    );
  });

  it('the portal is built with Node and served by nginx 1.27 alpine', () => {
    const all = load('web/Dockerfile');
    expect(all[0]?.from).toMatch(/^node:24/);
    expect(all.at(-1)?.from).toBe('nginx:1.27-alpine');
    expect(readText('web/Dockerfile')).toMatch(/npm run build -w web/);
  });

  it("the portal's build stage installs only the web workspace (not the root's tools), with npm's cache mounted", () => {
    const build = load('web/Dockerfile')[0] as Stage;
    const installs = build.instructions.filter(
      (i) => i.keyword === 'RUN' && /npm (ci|install)\b/.test(i.args),
    );
    expect(installs).toHaveLength(1);
    const install = installs[0]?.args ?? '';
    expect(install).toMatch(/^--mount=type=cache,target=\/root\/\.npm\s/);
    expect(install).toMatch(/--workspace web\b/);
    expect(install).not.toMatch(/--include-workspace-root|--workspaces\b/);
    // the root's devDependencies (Lighthouse, ESLint, Vitest, Playwright...) are not the web's
    const root = readPackage('.');
    const web = readPackage('web');
    const webDeps = { ...web.dependencies, ...web.devDependencies };
    for (const tool of ['lighthouse', 'eslint', 'vitest', '@playwright/test'])
      if (root.devDependencies?.[tool]) expect(webDeps[tool], tool).toBeUndefined();
  });

  it('images that mount a build cache declare the Dockerfile syntax that provides it', () => {
    for (const { file } of IMAGES) {
      const text = readText(file);
      if (/--mount=type=cache/.test(text))
        expect(text.split('\n')[0], file).toBe('# syntax=docker/dockerfile:1');
    }
  });

  it("the e2e runner uses Debian's Chromium, the browser of local runs and CI, not Playwright's download", () => {
    const [stage] = load('e2e/Dockerfile');
    expect(stage?.from).toMatch(/^node:24-bookworm/);
    const runs = stage?.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args) ?? [];
    expect(runs.some((r) => /apt-get install\b.*\bchromium\b/.test(r))).toBe(true);
    expect(runs.some((r) => /playwright install/.test(r))).toBe(false);
    const env =
      stage?.instructions
        .filter((i) => i.keyword === 'ENV')
        .map((i) => i.args)
        .join(' ') ?? '';
    expect(env).toMatch(/E2E_CHROMIUM_PATH=\/usr\/bin\/chromium/);
    expect(readText('e2e/playwright.config.ts')).toMatch(
      /env\.E2E_CHROMIUM_PATH \|\| env\.CHROMIUM_PATH \|\| '\/usr\/bin\/chromium'/,
    );
  });

  it('.dockerignore keeps node_modules and builds out of the context', () => {
    expect(isIgnored('web/node_modules')).toBe(true);
    expect(isIgnored('web/dist')).toBe(true);
    expect(isIgnored('web/src')).toBe(false);
  });
});
