// ESLint (flat config): typescript-eslint's recommended rules over the whole tree, formatting left
// to Prettier (eslint-config-prettier turns the overlapping rules off). `npm run lint` runs both.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// No file reaches into another package's build folders. The layer rules (what may import what, no
// cycles between folders) live in .dependency-cruiser.cjs, run by `npm run lint:deps`.
const PRIVATE_PATHS = {
  group: ['*/dist/*', '@*/*/dist/*', '*/cjs/*', '@*/*/cjs/*', '!ajv/dist/2020'],
  message:
    "A package's build folder is private: import its public entry (ajv/dist/2020 is Ajv's documented entry for draft 2020-12).",
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.scratch/', '.bench-base/', 'src/playground/client/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused parameters are part of an interface (Nest's hooks, Express's handlers) when prefixed with _.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Control characters in patterns are deliberate here: cleaning them out of contact text is a feature.
      'no-control-regex': 'off',
    },
  },
  { files: ['src/playground/client/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_PATHS] }] } },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // A test's child process has a deadline: a stuck one then fails its test. Without one, a
  // synchronous call blocks Jest's event loop (its own timeout cannot fire) and the run hangs.
  {
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name=/^(spawn|spawnSync|execSync|execFile|execFileSync|fork)$/]:not(:has(Property[key.name='timeout']))",
          message: 'Give the child process a timeout (spawn and the sync calls take a `timeout` option).',
        },
      ],
    },
  },
  prettier,
  // After eslint-config-prettier, which turns max-len off: Prettier wraps code at 120, this keeps comments there too.
  // A long string (a message, a description) stays whole.
  {
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
);
