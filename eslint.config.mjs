// ESLint (flat config): typescript-eslint's recommended rules over the whole tree, formatting left
// to Prettier (eslint-config-prettier turns the overlapping rules off). `npm run lint` runs both.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The house's rules (ARCHITECTURE.md): dependencies point down src/lib <- core <- http <- modules
// <- standalone and never back up, and no file reaches into another package's build folders.
const PRIVATE_PATHS = {
  group: ['*/dist/*', '@*/*/dist/*', '*/cjs/*', '@*/*/cjs/*', '!ajv/dist/2020'],
  message: "A package's build folder is private: import its public entry (ajv/dist/2020 is Ajv's documented entry for draft 2020-12).",
};
const away = (folders, why) => ({
  group: folders.flatMap((folder) => [`../${folder}/*`, `../../${folder}/*`, `../../../${folder}/*`]),
  message: why,
});
const layer = (files, ...rules) => ({
  files,
  ignores: ['**/*.spec.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_PATHS, ...rules] }] },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.scratch/', '.bench-base/', 'src/playground/client/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused parameters are part of an interface (Nest's hooks, Express's handlers) when prefixed with _.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Control characters in patterns are deliberate here: cleaning them out of contact text is a feature.
      'no-control-regex': 'off',
    },
  },
  { files: ['src/playground/client/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_PATHS] }] } },
  layer(
    ['src/lib/**/*.ts'],
    away(['core', 'http', 'modules', 'standalone', 'infra', 'options', 'config', 'openapi'], 'lib is pure: it imports nothing of the app.'),
    { group: ['@nestjs/*'], message: 'lib is pure: no Nest.' },
  ),
  layer(
    ['src/core/**/*.ts'],
    away(['http', 'modules', 'standalone'], 'core is cross-cutting: it imports nothing of http, modules or standalone.'),
  ),
  layer(
    ['src/http/**/*.ts', 'src/infra/**/*.ts'],
    away(['modules', 'standalone'], 'http and infra serve the modules: they import no module and nothing of standalone.'),
  ),
  layer(
    ['src/modules/**/*.ts', 'src/options/**/*.ts', 'src/openapi/**/*.ts'],
    away(['standalone', 'config'], 'Only standalone (and its config) may know the standalone app.'),
  ),
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  prettier,
);
