// The house's dependency rules (ARCHITECTURE.md), checked by `npm run lint:deps` (part of `npm run lint`, so of CI).
// Layers, top to bottom: standalone -> modules -> http, infra -> core -> lib. Dependencies point down and never back
// up.
// ESLint's no-restricted-imports (eslint.config.mjs) forbids other packages' private build paths: it reads the import
// as written.
const APP = ['core', 'http', 'modules', 'standalone', 'infra', 'options', 'config', 'openapi'];
const folders = (names) => `^src/(${names.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-is-pure',
      comment: 'lib is pure TypeScript: it imports nothing of the app and no Nest.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { pathNot: '^src/lib/', path: [folders(APP), '^node_modules/@nestjs/'] },
    },
    {
      name: 'core-is-cross-cutting',
      comment: 'core imports nothing of http, modules or standalone.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: folders(['http', 'modules', 'standalone', 'config']) },
    },
    {
      name: 'http-and-infra-serve-the-modules',
      comment: 'http and infra import no module and nothing of the standalone app.',
      severity: 'error',
      from: { path: folders(['http', 'infra']) },
      to: { path: folders(['modules', 'standalone', 'config']) },
    },
    {
      name: 'only-standalone-knows-the-app',
      comment: 'Only standalone (and its config) may know the standalone app: the module is embeddable.',
      severity: 'error',
      from: { path: folders(['modules', 'options', 'openapi', 'http', 'infra', 'core', 'lib']) },
      to: { path: folders(['standalone', 'config']) },
    },
    {
      name: 'no-folder-cycles',
      comment: 'No two folders import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'No module imports itself through others.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.spec\\.ts$', '^src/playground/client/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
