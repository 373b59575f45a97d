// Type-aware lint for every TypeScript package of the workspace.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.astro/**',
      '.tooling/**',
      'data/**',
      'panel/src/routeTree.gen.ts',
      'packages/api-client/src/api-paths.gen.ts',
      'tests/.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Ids and counts are numbers, and a number reads the same in a template in every locale the code writes one.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}`, `return next()`: handing a void call on is the idiom of React and Express.
      '@typescript-eslint/no-confusing-void-expression': [
        'error',
        { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true },
      ],
      // Off: with noUncheckedIndexedAccess, `rows[0]!` says the line before made the row (1,139 such, 887 in tests).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Off: its 57 findings guard what the types promise but run time does not keep (a flag a callback sets, an
      // answer off the network, an afterAll's teardown of a beforeAll that threw).
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // A loader's ensureQueryData is STYLE.md's pattern; the replacement offered (query, staleTime 'static') caches
      // differently.
      '@typescript-eslint/no-deprecated': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/query-core', name: ['ensureQueryData', 'ensureInfiniteQueryData'] },
          ],
        },
      ],
      // `value(this: void, row)`: a method declared safe to pass around unbound.
      '@typescript-eslint/no-invalid-void-type': ['error', { allowAsThisParameter: true }],
      // Off: Nest types its factories' options as classes that every caller (and Nest's docs) hands a literal (2 such).
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // A Nest module is an empty class its @Module decorator describes.
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // TanStack Router's contract: a loader or guard throws the Response that redirect() makes to navigate.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['site/**/*.tsx', 'panel/**/*.tsx', 'panel/**/*.ts', 'site/src/**/*.ts', 'packages/api-client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The React Compiler's recommended rules (refs written during render, state set in effects, impure renders…), and
    // effects that name everything they read, in the panel and the site's islands.
    files: ['site/**/*.tsx', 'panel/src/**/*.tsx', 'panel/src/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Off: it says only that the React Compiler would skip a component (useVirtualizer's, 2); we do not run it.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // The panel's first load carries one language's catalog and no zod (panel/scripts/check-bundle.mjs weighs it).
    files: ['panel/src/**/*.tsx', 'panel/src/**/*.ts', 'packages/api-client/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kanat360/i18n',
              message:
                'Import @kanat360/i18n/core: the whole package bundles both catalogs (src/i18n/language.ts loads one).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
