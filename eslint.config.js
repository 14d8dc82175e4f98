import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

// A feature never reaches into another feature's internals (house style, habit 1):
// one zone per feature folder, generated from the folder list so new features are covered.
function featureZones(root) {
  if (!existsSync(root)) return [];
  const features = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return features.map((f) => ({
    target: `${root}/${f}`,
    from: root,
    except: [`./${f}`],
    message: 'A feature may not import another feature; move the shared piece down to components/, lib/ or packages/shared.',
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app never imports server code.' },
            { target: './packages/shared', from: './apps', message: 'The shared package depends on no app.' },
            ...featureZones('./apps/web/src/features'),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './apps/server', from: './apps/web', message: 'The server never imports web code.' }] },
      ],
    },
  },
  {
    // Server modules talk to each other only through a module's *.service.ts public face (and a
    // feature's *.export.ts, which the exports module lists): another module's routes,
    // repository or internal helpers are off limits.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?![^/]+\\.(service|types|export)\\.ts$)',
              message: 'Import another module only through its *.service.ts (or *.types.ts, or a feature\'s *.export.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely-typed JSON answers.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
