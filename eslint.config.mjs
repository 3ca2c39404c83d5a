// ESLint flat config (`npm run lint`, run by .ci/run): typescript-eslint's recommended rules over every
// TypeScript file (apps, libs, specs, contract suites, bench, scripts, the web UI). Layer boundaries are
// dependency-cruiser's job (.dependency-cruiser.cjs). No formatting rules: ESLint checks meaning, not layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const READ_MODEL_STAYS_INSIDE =
  'A read model stays inside its lib: export a query (and its result type) instead (CONTRIBUTING.md, What an index exports).';

const EXPORT_ALL = {
  selector: 'ExportAllDeclaration',
  message: 'Name what the lib exports (CONTRIBUTING.md, Module layout); no export *.',
};

export default tseslint.config(
  // What .gitignore keeps out of the tree (build output, local data, installed tools), and generated clients.
  {
    ignores: [
      'dist/**',
      'web/dist/**',
      'data/**',
      'coverage/**',
      '.integration/**',
      '.tools/**',
      '.schemathesis/**',
      'tools/openapi/generated/**',
      'tools/openapi/build/**',
      'sdks/typescript/dist/**',
      'sdks/widget/dist/**',
      'sdks/typescript/src/generated/**',
      'web/src/api/generated/**',
      'sdks/python/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // TypeScript itself reports unknown names (typescript-eslint's advice); this rule cannot see types.
      'no-undef': 'off',
      // A leading underscore says "deliberately unused": `const { type: _type, ...data } = event` drops a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Specs, test support and benchmarks read untyped JSON response bodies; `any` there is the honest type.
    files: ['test/**/*.ts', 'bench/**/*.ts', '**/*.spec.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A lib's index is its public surface: each export named, so an internal never leaks by accident.
    files: ['libs/*/*/src/index.ts'],
    rules: { 'no-restricted-syntax': ['error', EXPORT_ALL] },
  },
  {
    // ... and none of the internals other code would otherwise reach past the lib's commands and queries
    // for (CONTRIBUTING.md, "What an index exports"); tests reach those through the lib's `testing` entry.
    // common and readstore are the machinery itself (the Decider type, projections, read-model documents).
    files: ['libs/*/*/src/index.ts'],
    ignores: ['libs/shared/common/src/index.ts', 'libs/infra/readstore/src/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        EXPORT_ALL,
        {
          selector: 'ExportSpecifier[exported.name=/_COLLECTION$|Doc$/]',
          message: READ_MODEL_STAYS_INSIDE,
        },
        {
          // Whatever the name: a projection file holds the read model's documents and collection.
          selector: 'ExportNamedDeclaration[source.value=/\\.projection$/]',
          message: READ_MODEL_STAYS_INSIDE,
        },
        {
          selector: 'ExportSpecifier[exported.name=/Decider$|Projection$/]',
          message:
            'Deciders and projections stay inside their lib: export a command or query, or the *_UPCASTERS that read its events (CONTRIBUTING.md, What an index exports).',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The few CommonJS files Node and Jest load directly (configs, the ts register hook, the build check).
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The client libraries' build and generation scripts and their tests: ES modules run by Node.
    files: ['sdks/**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'Buffer',
          'setTimeout',
          'clearTimeout',
          'fetch',
          'URL',
          'TextDecoder',
          'TextEncoder',
          'AbortController',
          'Blob',
          'Headers',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // examples/: a back end run by Node, and the scripts its pages load in the browser.
    files: ['examples/**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(['process', 'console', 'URL', 'URLSearchParams'].map((name) => [name, 'readonly'])),
    },
  },
  {
    files: ['examples/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { document: 'readonly', window: 'readonly', MailcheckWidget: 'readonly' },
    },
  },
);
