// Nest 12 and a few of its dependencies ship as ESM only. Jest on Node 20 cannot require() ESM,
// so every .ts file and those ESM packages are compiled to CommonJS by SWC. The pattern must also
// reach nested node_modules.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(?:.*/node_modules/)?(?:@nestjs|content-disposition|cookie|file-type|eventsource|eventsource-parser|strtok3|token-types|peek-readable|uint8array-extras|@tokenizer|load-esm|ical\\.js|@seriousme|zip-stream|compress-commons|crc32-stream|is-stream)/)',
  ],
  // Embedding tests import the built package by its name, as a host does.
  moduleNameMapper: { '^vcard-payload-service$': '<rootDir>/dist/index.js' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  // Bounds on every fast-check property: a fixed seed, and a time limit under testTimeout.
  setupFiles: ['<rootDir>/test/utils/fast-check-bounds.ts'],
  // Per test and hook unless it says otherwise. It cannot interrupt synchronous code: child
  // processes get their own timeout (an ESLint rule checks it) and properties their time limit.
  testTimeout: 30000,
};
