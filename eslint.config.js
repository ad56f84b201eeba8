import js from '@eslint/js';
// 4.6.x: later versions depend on native resolver bindings the registry here cannot serve.
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server boundaries: an area (a folder of functions/src other than core/) imports only itself,
 * core/ and the route table; core/ imports no area. Areas are read from the folder, so a new
 * area is covered the day it appears.
 */
const serverSharedFolders = new Set(['core', 'users']);
const serverAreas = readdirSync(new URL('./functions/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverSharedFolders.has(entry.name))
  .map((entry) => entry.name);
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
            // functions/src/users only re-exports core/users for the auth area until it moves.
            except: [`./${area}`, './core', './routes.ts', ...(area === 'auth' ? ['./users'] : [])],
            message: `A server area imports only itself and core/ (functions/src/${area} may not import this).`,
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
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
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
      // Feature folders do not import each other's internals: the app composes them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', '!./**', '!../**'],
              message: 'Import another feature only from web/src/app (composition), not from a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx', 'web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  serverBoundaries,
);
