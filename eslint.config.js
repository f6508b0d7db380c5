// One lint config for every workspace: the recommended rules of ESLint and typescript-eslint,
// plus the few that guard this codebase's conventions (no console output but through the logger).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'console/dist/**',
      'console/builds/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The console knows the server only through its API (GET /api/v1/providers, the generated
      // schema.d.ts); what both must share to the letter (form parsers, the policy's terms) is in shared/.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'Read it from the API, or move it to shared/.' }] },
      ],
    },
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'bench/**/*.ts',
      'shared/**/*.ts',
      'server/src/**/*.ts',
      'server/test/**/*.ts',
      'client/**/*.{ts,js}',
      'server/src/store/**/*.js',
      'console/scripts/**/*.ts',
      'console/vite.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // One module loads better-sqlite3: store/sqlite-driver.js picks the build this Node can run (12, or
    // 13 under the alias better-sqlite3-napi) and says why. Imported directly, 12 would load on Node 24
    // too (and abort when a worker thread ends), or 13 on Node 20 (and crash).
    files: ['server/**/*.{ts,js}', 'bench/**/*.ts'],
    ignores: ['server/src/store/sqlite-driver.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['better-sqlite3', 'better-sqlite3-napi'].map((name) => ({
          name,
          message: 'Import SQLite from server/src/store/sqlite-driver.js (the build this Node can run).',
        })),
      ],
    },
  },
  {
    // Tests read JSON bodies of many shapes; asserting on them matters more than typing each one.
    files: ['**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
