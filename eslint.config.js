// @ts-check
// Lint rules that catch defects, not style (formatting is Prettier's job): ESLint's and typescript-eslint's
// recommended sets (syntax-only, no type information, so `npm run lint` stays fast), the Rules of Hooks and
// jsx-a11y's recommended set for the client, and the project's own rules: import boundaries
// (eslint-rules/import-boundaries.js) and role rules kept in server/policies/ (eslint-rules/role-rules.js).
// Across the tree: no import circles (eslint-plugin-import-x) and no file over 400 lines.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/import-boundaries.js';
import roles from './eslint-rules/role-rules.js';

/** The project's own rules, as one plugin. */
const project = { meta: { name: 'project' }, rules: { ...boundaries.rules, ...roles.rules } };

export default defineConfig([
  globalIgnores(['dist/', 'data/', 'coverage/', 'test-results/', 'shots/', 'server/db/migrations/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'project/typescript',
    rules: {
      // `_`-prefixed names are deliberately unused (placeholders in destructuring and signatures).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },

  {
    name: 'project/node-globals',
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },

  {
    name: 'project/web',
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // a scrollable region (the pipeline board) must take keyboard focus so it can be scrolled without a mouse
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },

  {
    name: 'project/import-boundaries',
    files: ['common/**/*.{ts,tsx,js,mjs}', 'server/**/*.{ts,tsx,js,mjs}', 'web/**/*.{ts,tsx,js,mjs}'],
    plugins: { project },
    rules: { 'project/import-boundaries': 'error' },
  },

  {
    name: 'project/role-rules',
    files: ['server/**/*.{ts,tsx,js,mjs}', 'web/**/*.{ts,tsx,js,mjs}'],
    plugins: { project },
    rules: { 'project/role-rules': 'error' },
  },

  {
    // import circles, followed through relative imports only (no type information, so it stays fast); type-only
    // imports are not followed, as they vanish at run time
    name: 'project/no-cycle',
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  {
    // a file over 400 lines holds more than one thing: split it by kind (data lists are exempt)
    name: 'project/max-lines',
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['common/rules/common-passwords.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
]);
