// ESLint (flat config): TypeScript's recommended rules with type information, the rules of hooks,
// and the import rules that keep the bulletproof-react layering (README "Layout").
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Who may import whom: a feature only from itself, components/ and lib/ (never another feature,
 * never the app shell); components/ and lib/ from neither features/ nor app/. app/ composes
 * everything.
 */
const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another one: move the shared piece to components/ or lib/, or compose in app/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import the app shell.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components/, lib/) never imports a feature or the app shell.',
  },
];

export default defineConfig(
  globalIgnores(['dist/']),
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.browser,
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Without these, import-x reads no .ts/.tsx dependency and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // The rules of hooks. (Not the plugin's React Compiler rules: the app is not compiled by it,
      // and they refuse patterns it uses on purpose, such as a ref to the latest callback.)
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Async callbacks without an await (fetch mocks, handlers that may await later) are fine.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Admin code reaches shoppers' pages only through app/adminSlots.ts and the route table, as
    // dynamic imports: a static import would put it in the shoppers' bundle.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/admin', '@/features/admin/**'],
              allowTypeImports: true,
              message: 'Admin code stays lazy: load it with import() (app/adminSlots.ts, routes.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser tests, the mock API and the screenshot script: plain Node ES modules, outside
    // the TypeScript project, so no type-aware rules.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
