// @ts-check
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/feature-boundaries.mjs';

/**
 * One linter for the whole tree (`npm run lint`, run by `npm test` and CI). Formatting is Prettier's
 * (`.prettierrc.json`); this checks what a formatter cannot: types used as they are meant, hooks, import circles and
 * the backend's front doors (docs/architecture.md).
 */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'test-artifacts/**',
      'frontend/e2e/screenshots/**',
      '.data/**',
      '**/*.d.ts',
      'packages/qr-core/test/**/*.cjs',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // qr-core declares a deep module of the qrcode package in a .d.ts that sources compiled by the backend and the
      // frontend (through path mappings) must see: a path reference is the tool for exactly that.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'never', lib: 'never' }],
      'no-console': 'off',
    },
  },
  // Type information where it pays: promises that nobody awaits or catches are how a process dies or a scan is lost.
  {
    files: ['backend/src/**/*.ts', 'packages/qr-core/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Tests read parsed JSON answers (`res.body.id`) as the untyped values they are.
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e.ts', 'backend/src/test-support/**', 'frontend/e2e/**'],
    // jest.isolateModules needs require() for a fresh module graph.
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  // NestJS injects by the constructor parameter's emitted type: a type-only import would erase what DI needs.
  {
    files: ['backend/src/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  // The backend: no import circles, and features talk through their front doors.
  {
    files: ['backend/src/**/*.ts'],
    plugins: { 'import-x': importX, qrs: boundaries },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })], 'import-x/extensions': ['.ts'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'qrs/feature-boundaries': ['error', { srcRoot: 'backend/src' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // One HTTP client for the site, the dashboard and the console (issue 29 item 5): `send` in api/http.ts calls fetch,
  // react-admin's clients go through api/ra-http.ts.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/api/http.ts', 'frontend/src/api/ra-http.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the server through api/http.ts (apiJson, apiRequest, send): one client, one error format.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Call the server through api/http.ts.' },
        { object: 'globalThis', property: 'fetch', message: 'Call the server through api/http.ts.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-admin', importNames: ['fetchUtils'], message: "react-admin's clients use api/ra-http.ts (raHttpClient)." },
            { name: 'ra-core', importNames: ['fetchUtils'], message: "react-admin's clients use api/ra-http.ts (raHttpClient)." },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
