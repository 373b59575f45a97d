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
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    // The rules of hooks, and effects that name everything they read, in the panel and the site's islands.
    files: ['site/**/*.tsx', 'panel/src/**/*.tsx', 'panel/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
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
