import js from '@eslint/js';
// 4.6.x: later versions depend on native resolver bindings the registry here cannot serve.
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The web app's boundaries (docs/adding-an-area.md, "Rules the tree enforces"), as bulletproof-react
 * draws them: a feature imports only itself and shared/; shared/ imports neither features/ nor
 * app/ (except that translation-parts.ts lists each feature's locales/, words and no code); from
 * functions/ the web app imports only an area's contract, requests and messages and the ability.
 * One zone per feature, read from the folder, so a new feature is covered without editing this.
 * eslint.config.test.ts feeds these zones forbidden and allowed imports.
 */
const webFeatures = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature imports only itself and web/src/shared; web/src/app composes features.',
  })),
  {
    target: './web/src/shared/**/!(translation-parts).{ts,tsx}',
    from: ['./web/src/features', './web/src/app'],
    message: 'web/src/shared is used by features and the app, and uses neither.',
  },
  {
    target: './web/src/shared/i18n/translation-parts.ts',
    from: './web/src/{features,app}/**',
    except: ['**/web/src/features/*/locales/**'],
    message: 'translation-parts.ts lists the features’ locales/ only.',
  },
  {
    target: './web/src',
    from: './functions/**',
    except: [
      '**/functions/src/*/contract.ts',
      // A second contract of an area (the chat's send later), as the area's contract.
      '**/functions/src/*/*-contract.ts',
      '**/functions/src/*/requests.ts',
      '**/functions/src/*/messages.ts',
      '**/functions/src/core/ability.ts',
      // The roles (no imports: names and slugs the web app shows and routes by).
      '**/functions/src/core/roles.ts',
      // The web build's stand-in for CASL's MongoDB matcher (vite.config.ts, docs/decisions.md).
      '**/functions/src/core/casl-without-mongo.ts',
    ],
    message: 'The web app imports only an area’s contract, requests and messages, and core/ability, from functions/.',
  },
];

/**
 * Server boundaries: an area (a folder of functions/src other than core/) imports only itself,
 * core/ and the route table; core/ imports no area. Areas are read from the folder, so a new
 * area is covered the day it appears.
 */
const serverSharedFolders = new Set(['core']);
const serverAreas = readdirSync(new URL('./functions/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverSharedFolders.has(entry.name))
  .map((entry) => entry.name);

/** The contracts' modules (valibot schemas only) the OpenAPI document is built from. */
const documentedContracts = [
  './channels/contract.ts',
  './chat/contract.ts',
  './chat/scheduled-contract.ts',
  './email/mailbox-requests.ts',
  './email/requests.ts',
  './integrations/links-contract.ts',
  './mailings/audience-requests.ts',
  './mailings/delivery-contract.ts',
  './mailings/requests.ts',
  './mailings/sequence-contract.ts',
  './notifications/contract.ts',
  './permissions/contract.ts',
  './projects/requests.ts',
  './projects/responses.ts',
  './team/contract.ts',
  './team/requests.ts',
  './users/requests.ts',
];

const serverBoundaries = {
  files: ['functions/src/**/*.ts'],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...serverAreas.map((area) => ({
            target: `./functions/src/${area}`,
            from: './functions/src',
            // chat/service.ts and chat/channel-service.ts are what other areas may call of the chat
            // (channels: inbound messages and reply deliveries), never its repositories.
            except: [
              `./${area}`,
              './core',
              './routes.ts',
              './chat/service.ts',
              './chat/channel-service.ts',
              // One text through a connected channel (mailings send Telegram messages with it).
              './channels/send-service.ts',
              // The user view's side card counts a person's projects and open tasks.
              './projects/counts-service.ts',
              // The owner's proof (password or code), the security log and signing out everywhere:
              // a sign-in email or phone changes, or a change is undone (docs/user-view.md).
              './auth/identity-service.ts',
              // The worker runs every area's jobs: it imports each area's jobs.ts, nothing else.
              ...(area === 'worker' ? serverAreas.map((other) => `./${other}/jobs.ts`) : []),
              // The email area's outside jobs (SES out) live with the rest of its outside code.
              ...(area === 'worker' ? ['./email/outside/jobs.ts'] : []),
              // A mailing's SES events arrive at the email area's events handler (docs/mailings.md).
              ...(area === 'email' ? ['./mailings/ses-events.ts'] : []),
              // The public API's description is generated from the contracts (docs/integrations.md,
              // "Public API"): the openapi area reads their schemas, and nothing else.
              ...(area === 'openapi' ? documentedContracts : []),
            ],
            message: `A server area imports only itself, core/ and other areas' services (functions/src/${area} may not import this).`,
          })),
          {
            target: './functions/src/core',
            from: './functions/src',
            except: ['./core', './routes.ts'],
            message: 'core/ is shared by every area and imports none of them.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.data/**', 'coverage/**', 'tests/e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      // Imports resolve as Node resolves them (the `node` condition: functions/package.json exports
      // its internals under it), so the boundary zones see every import the web app could write.
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['node', 'import', 'module', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` still leaves `import 'module'` behind, which puts the module (and a
      // barrel's whole graph) into the importer's chunk: type-only imports say `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }],
    },
  },
  serverBoundaries,
  {
    // Every URL the server fetches goes through one guarded client (core/safe-outbound.ts,
    // docs/integrations.md "Safe outbound"). Only AWS's own endpoints, which no user chooses,
    // are called directly: the secrets extension on localhost and S3's signed requests.
    files: ['functions/src/**/*.ts'],
    ignores: [
      'functions/src/**/*.test.ts',
      'functions/src/core/safe-outbound.ts',
      'functions/src/core/secrets-manager.ts',
      'functions/src/core/media/object-store.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call outside URLs through core/safe-outbound.ts (requestSafely, guardedFetch).' },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'node:https', 'http', 'https', 'undici'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Call outside URLs through core/safe-outbound.ts (requestSafely, guardedFetch).',
          })),
        },
      ],
    },
  },
);
