// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y, TanStack Query, import boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// every path below is taken from the repository root, whatever the directory ESLint runs in
const root = fileURLToPath(new URL('.', import.meta.url));

const featuresDir = new URL('./web/src/features', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** Which workspaces each workspace must not import (their sources reach each other only through the contract). */
const WORKSPACE_LIMITS = {
  contract: ['fixtures', 'mock-server', 'web', 'cli', 'e2e', 'bench'],
  fixtures: ['mock-server', 'web', 'cli', 'e2e', 'bench'],
  'mock-server': ['web', 'cli', 'e2e', 'bench'],
  'cli/src': ['web', 'e2e', 'bench'],
  'cli/test': ['web', 'e2e', 'bench'],
  e2e: ['mock-server', 'web', 'cli', 'bench'],
};
/** The mock's control API (shapes, rows and client): the one part of the mock other tools import. */
const CONTROL_API = './control-api';
const workspaceZones = [
  ...Object.entries(WORKSPACE_LIMITS).flatMap(([target, from]) =>
    from.map((name) => ({
      target: `./${target}`,
      from: `./${name}`,
      ...(name === 'mock-server' ? { except: [CONTROL_API] } : {}),
      message:
        "workspaces meet through the contract (and the mock's control API), not through each other's sources",
    })),
  ),
  {
    target: './bench',
    from: ['./cli', './e2e'],
    message: 'the bench measures the portal and the mock, not the other tools',
  },
  {
    target: './cli/src',
    from: './mock-server',
    except: [CONTROL_API, './src/runtime/stub-files.ts'],
    message:
      'the CLI reaches the mock through its control API; of its sources, only the stub-folder reader (stub-files.ts), shared so that both read a folder alike',
  },
  {
    target: ['./bench', './cli/test'],
    from: './mock-server/src',
    except: ['./server.ts'],
    message: 'tools start the mock from its entry point (server.ts), not from its internals',
  },
  {
    target: ['./bench/lib', './bench/sections', './bench/run.ts', './bench/budgets.ts'],
    from: './web',
    message: 'only the bench harness builds portal components; the runner measures the built portal',
  },
];

/** What the portal's code never imports; its tests may drive the mock through its control API. */
const contractRootLimit = {
  name: '@portal/contract',
  allowTypeImports: true,
  message:
    'the contract root holds types only: import values from their entry (@portal/contract/signals, …/routes, …/roles)',
};
const portalImportLimits = [
  contractRootLimit,
  ...['@portal/mock-server', '@portal/mock-server/control'].map((name) => ({
    name,
    message: "the mock's control API is not part of the real backend: only the portal's tests use it",
  })),
];

/** The mock server's layers, lowest first: a folder imports its own files and the layers below. */
const MOCK_LAYERS = [['store'], ['auth', 'wire'], ['runtime'], ['middleware'], ['routes', 'control']];
const MOCK_ENTRIES = ['app.ts', 'main.ts', 'server.ts'];
const mockLayerZones = MOCK_LAYERS.flatMap((layer, rank) =>
  layer.map((folder) => ({
    target: `./mock-server/src/${folder}`,
    from: [
      ...MOCK_LAYERS.slice(rank)
        .flat()
        .filter((other) => other !== folder),
      ...MOCK_ENTRIES,
    ].map((other) => `./mock-server/src/${other}`),
    message: `mock-server/src/${folder}/ imports only the layers below it (${MOCK_LAYERS.slice(0, rank).flat().join(', ') || 'none'})`,
  })),
);

/** The portal: every backend call goes through lib/api-client's call(), its path from the contract. */
const noHandWrittenPath = {
  selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
  message:
    "no hand-written /api/ path: call('endpointId', ...) from lib/api-client builds it from the contract",
};
/**
 * One cache key per endpoint read: a feature reads through endpointQuery / derivedQuery and
 * invalidates through invalidateEndpoints (lib/endpoint-query.ts), so two features reading one
 * endpoint share its cache and a write refreshes it wherever it is shown.
 */
const oneKeyPerEndpoint = [
  {
    selector: "Property[key.name='queryKey']",
    message:
      'no hand-written query key: read through endpointQuery or derivedQuery of lib/endpoint-query (their options carry the key)',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(invalidateQueries|removeQueries|resetQueries|cancelQueries)$/]',
    message:
      'invalidate by endpoint id (invalidateEndpoints of lib/endpoint-query), so every feature reading it refreshes',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData|getQueriesData)$/] > ArrayExpression.arguments:first-child',
    message:
      "no hand-written query key: take it from the read's options (signalQueries.detail(...).queryKey)",
  },
];

/** e2e: a fixed wait (Playwright's guidance: wait on what the user sees, or on an answer). */
const noFixedWait = {
  selector: "CallExpression[callee.property.name='waitForTimeout']",
  message: 'no fixed wait: wait on what the user sees (expect(...)) or on an answer (waitForResponse)',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'contract/openapi.json',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    // resolves `@/...`, the workspace packages and `.ts` specifiers as tsc does, so the zones and
    // no-cycle below see every import (without it a feature importing another one passed lint)
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['web', 'contract', 'mock-server', 'fixtures', 'cli', 'e2e', 'bench', 'tests'].map(
            (dir) => `${root}${dir}/tsconfig.json`,
          ),
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      'no-console': 'off',
      // no god function anywhere: a function (a component, a hook, a command, a handler) stays
      // under 150 lines of code; tests and specs, whose describe blocks hold many cases, are exempt
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  // Workspaces depend downwards only: contract < fixtures < mock-server, cli, e2e, bench; the
  // portal, the mock and the tools meet through the contract (the control client included), never
  // through each other's sources. The bench's harness builds the portal's own components, and its
  // runner starts the mock in-process from its entry point.
  {
    files: ['contract/**', 'fixtures/**', 'mock-server/**', 'cli/**', 'e2e/**', 'bench/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [...workspaceZones, ...mockLayerZones],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      // bulletproof-react: shared -> features -> app; a feature never imports another feature
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((name) => ({
              target: `./web/src/features/${name}`,
              from: './web/src/features',
              except: [`./${name}`],
              message:
                'a feature never imports another feature: move the shared piece to components/, lib/ or contract/',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'features never import the app layer',
            },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config'],
              from: ['./web/src/features', './web/src/app'],
              message: 'shared code never imports features or the app layer',
            },
          ],
        },
      ],
      // the portal ships the contract's resources it reads, never the whole table through the root
      // (types only there), and never the mock's control API, which the real backend has not
      'no-restricted-imports': ['error', { paths: portalImportLimits }],
      // refine's single data provider: every backend call goes through lib/api-client's call(),
      // whose paths come from the contract's endpoint table
      'no-restricted-syntax': ['error', noHandWrittenPath, ...oneKeyPerEndpoint],
    },
  },
  // the one place that spells query keys and invalidates by key
  {
    files: ['web/src/lib/endpoint-query.ts'],
    rules: { 'no-restricted-syntax': ['error', noHandWrittenPath] },
  },
  {
    files: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: {
      'no-restricted-syntax': 'off',
      'max-lines-per-function': 'off',
      'no-restricted-imports': ['error', { paths: [contractRootLimit] }],
    },
  },
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'max-lines-per-function': 'off',
    },
  },
  // Playwright's guidance (and STYLE.md): a spec talks to the portal through the page objects of
  // e2e/pages and ARIA roles, labels and text, waits on what the user sees or on an answer, and
  // reads the mock by endpoint id. CSS selectors live in page objects only, where no role exists.
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', noFixedWait],
    },
  },
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noFixedWait,
        {
          selector:
            'CallExpression[callee.property.name=/^(locator|frameLocator|\\$|\\$\\$|\\$eval|\\$\\$eval)$/]',
          message:
            'no raw selector in a spec: use a page object of e2e/pages (getByRole, getByLabel, getByText inside it)',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(totalAs|getAs|callAs|pageAs|sendAs)$/] > :matches(Literal[value=/^\\//], TemplateLiteral):nth-child(2)',
          message:
            "the mock client takes an endpoint id of contract/ (mock.totalAs(persona, 'listContractUsers', { params }))",
        },
      ],
    },
  },
);
