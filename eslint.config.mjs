import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// The layers and what may import what (docs/architecture.md). Dependencies flow one way:
// contracts -> lib -> features -> app, and a feature never reaches into another feature.
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One zone per feature: it may import itself, and no other feature. */
const featureIsolation = (featuresDir) =>
  foldersIn(featuresDir).map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: featuresDir,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what they share to lib/ (or contracts).',
  }));

const contractsStandAlone = {
  target: './packages/contracts',
  from: ['./functions', './web', './scripts', './e2e', './tests'],
  message: 'The contracts package depends on zod only, never on the app.',
};

const serverZones = [
  contractsStandAlone,
  ...featureIsolation('./functions/src/features'),
  {
    target: './functions/src/lib',
    from: [
      './functions/src/features',
      './functions/src/app.ts',
      './functions/src/routes.ts',
      './functions/src/index.ts',
    ],
    message: 'lib/ is shared by the features and never imports them.',
  },
];

const webZones = [
  contractsStandAlone,
  {
    target: ['./web/src/lib', './web/src/components', './web/src/hooks'],
    from: ['./web/src/domain', './web/src/features', './web/src/app'],
    message: 'Shared code (lib, components, hooks) never imports the domain, features or the app.',
  },
  {
    // What several features show of one idea (a reservation: its hooks, its button, a serving
    // with it): above lib and components, below the features that use it.
    target: './web/src/domain',
    from: ['./web/src/features', './web/src/app'],
    message: 'The domain layer never imports features or the app.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Features never import the app; the app composes them.',
  },
  ...featureIsolation('./web/src/features'),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/.prerender/**',
      'functions/lib/**',
      '.cache/**',
      'artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain scripts the site's pages carry inline (web/inline, ADR 0061), run by the browser.
    files: ['web/inline/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // What the service worker imports (web/public/push-handler.js, ADR 81).
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['web/tsconfig.json', 'functions/tsconfig.json', 'packages/contracts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [contractsStandAlone] }],
      // Imports in three blocks: packages (node: and npm), then the project's own (`@/` in the
      // site, `@hostelhub/contracts`), then relative files. `npx eslint --fix .` sorts them.
      'import-x/order': [
        'error',
        {
          groups: [['builtin', 'external'], 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '@/**', group: 'internal' },
            { pattern: '@hostelhub/**', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // Documents are read through their collection's converter (ADR 57): `snapshot.data()`, typed
    // and checked, never a field by name. A request's header is `req.header(name)`.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/lib/converters/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='get'][arguments.0.type='Literal']",
          message:
            "Read a document with its converter (typed.<collection>(), snapshot.data(); ADR 57), not .get('field').",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    // The site's configuration is read once, typed, in web/src/lib/env.ts (web/.env.example).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/env.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: "Read configuration from env in '@/lib/env' (documented in web/.env.example).",
        },
      ],
    },
  },
  {
    // Schemas must come from the one zod set up for the site's CSP (packages/contracts/src/zod.ts).
    files: ['web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Take z from '@hostelhub/contracts' (contracts/src/zod.ts: no eval under the CSP).",
            },
          ],
        },
      ],
    },
  },
  {
    // Journeys take `test` from e2e/support/test.ts, which fails them on a CSP violation.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: "Import test and expect from './support/test.js'." }] },
      ],
    },
  },
  {
    // A rules test resets the database only after a write it knows of: allowed operations go
    // through the environment's assertSucceeds (or assertReadSucceeds for a read).
    files: ['tests/rules/**/*.ts'],
    ignores: ['tests/rules/support/environment.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@firebase/rules-unit-testing',
              importNames: ['assertSucceeds'],
              message: "Import assertSucceeds (or assertReadSucceeds) from './support/environment.js'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', 'tests/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
