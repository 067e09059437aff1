import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Thin routes (house style 2): only services and repos touch Drizzle.
    files: ['apps/server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes call services; only services and repos use Drizzle.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tenancy has one helper (src/tenancy.ts): modules filter by seller with ownedBy(ctx, col),
    // findOwned, or ofSeller(col, sellerId) where they hold a seller id but no ctx.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='eq'][arguments.0.property.name='sellerId']",
          message:
            'Filter by seller through src/tenancy.ts: ownedBy(ctx, col), findOwned or ofSeller.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'The web app talks to the API only.',
            },
          ],
        },
      ],
    },
  },
  {
    // House rule: app → features → shared on the web; a feature reaches another only through its
    // index.ts. Tests may reach into anything they test.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: ['apps/web/src/shared', 'apps/web/src/api'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'web-app' } },
              allow: {
                to: { element: { types: { anyOf: ['web-app', 'web-feature', 'web-shared'] } } },
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-shared' } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'web-shared' } },
              allow: { to: { element: { type: 'web-shared' } } },
            },
          ],
        },
      ],
    },
  },
  {
    // House rule on the server: routes → services → repositories/integrations. A module reaches
    // another only through its index.ts or service.ts, never its routes or inner files; http,
    // jobs, integrations and db never import a module, except the entry points that wire them
    // (app, main, the route and job registries) and the seeds.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'server-http', pattern: 'apps/server/src/http' },
        { type: 'server-jobs', pattern: 'apps/server/src/jobs' },
        { type: 'server-integration', pattern: 'apps/server/src/integrations' },
        { type: 'server-db', pattern: 'apps/server/src/db' },
        { type: 'server-core', pattern: 'apps/server/src' },
      ],
      'boundaries/files': [
        { category: 'routes', pattern: '**/modules/*/{routes,*-routes}.ts' },
        {
          category: 'entry',
          pattern: '**/server/src/{app,main,modules/index,jobs/handlers}.ts',
        },
        { category: 'seed', pattern: '**/server/src/seed/**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { file: { categories: 'entry' } },
              allow: { to: { element: { type: 'server-*' } } },
            },
            {
              // Another module's public face; a module's own files are its own business.
              from: { element: { type: 'server-module' } },
              allow: {
                to: {
                  element: { type: 'server-module', fileInternalPath: ['index.ts', 'service.ts'] },
                },
              },
            },
            {
              from: { element: { type: 'server-module' } },
              allow: {
                to: {
                  element: {
                    types: {
                      anyOf: ['server-core', 'server-db', 'server-integration', 'server-jobs'],
                    },
                  },
                },
              },
            },
            {
              // Routes speak HTTP; services only share its CSV and zip writers and the start-up deps.
              from: { file: { categories: 'routes' } },
              allow: { to: { element: { type: 'server-http' } } },
            },
            {
              from: { element: { type: 'server-module' } },
              allow: {
                to: {
                  element: {
                    type: 'server-http',
                    fileInternalPath: ['csv.ts', 'zip.ts', 'deps.ts'],
                  },
                },
              },
            },
            {
              // Access control resolves tokens and permissions through the auth and menus modules.
              from: { element: { type: 'server-http' } },
              allow: {
                to: [
                  {
                    element: {
                      types: {
                        anyOf: ['server-core', 'server-db', 'server-integration', 'server-jobs'],
                      },
                    },
                  },
                  {
                    element: {
                      type: 'server-module',
                      fileInternalPath: ['index.ts', 'service.ts'],
                    },
                  },
                ],
              },
            },
            {
              from: { element: { type: 'server-jobs' } },
              allow: { to: { element: { types: { anyOf: ['server-core', 'server-db'] } } } },
            },
            {
              from: { element: { type: 'server-integration' } },
              allow: { to: { element: { types: { anyOf: ['server-core', 'server-db'] } } } },
            },
            {
              from: { element: { type: 'server-db' } },
              allow: { to: { element: { type: 'server-core' } } },
            },
            {
              // Seeds (src/seed/) write demo data through the services, with the system ctx.
              from: { file: { categories: 'seed' } },
              allow: {
                to: [
                  { element: { types: { anyOf: ['server-http', 'server-integration'] } } },
                  {
                    element: {
                      type: 'server-module',
                      fileInternalPath: ['index.ts', 'service.ts'],
                    },
                  },
                ],
              },
            },
            {
              from: { element: { type: 'server-core' } },
              allow: { to: { element: { types: { anyOf: ['server-core', 'server-db'] } } } },
            },
          ],
        },
      ],
    },
  },
);
