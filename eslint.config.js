// One lint config for every workspace: the recommended rules of ESLint and typescript-eslint,
// plus the few that guard this codebase's conventions (no console output but through the logger).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'console/dist/**', 'bench/.tmp/**'] },
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
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'bench/**/*.ts',
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
    // Tests read JSON bodies of many shapes; asserting on them matters more than typing each one.
    files: ['**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
