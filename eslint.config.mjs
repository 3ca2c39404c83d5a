// ESLint flat config (`npm run lint`, run by .ci/run): typescript-eslint's recommended rules over every
// TypeScript file (apps, libs, specs, contract suites, bench, scripts, the web UI). Layer boundaries are
// dependency-cruiser's job (.dependency-cruiser.cjs). No formatting rules: ESLint checks meaning, not layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    files: ['libs/*/src/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Name what the lib exports (CONTRIBUTING.md, Module layout); no export *.',
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
);
