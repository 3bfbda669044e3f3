// Records what a build answers to generated rich card requests (every contact field, every format, QR
// budgets and levels, templates, every representation), so that a later build can be checked byte for
// byte against it (test/e2e/rich-compat.e2e-spec.ts).
// Usage: node scripts/record-rich-answers.mjs <dist directory of the reference build> [count]
// The contacts come from test/fixtures/vcard/rich-contact.arbitrary.ts (bundled here by esbuild) with a
// fixed fast-check seed; one request in six breaks a rule, so the errors are recorded too.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { recordAnswers } from './record-answers.mjs';

const [distArg, countArg] = process.argv.slice(2);
if (!distArg) throw new Error('usage: node scripts/record-rich-answers.mjs <dist> [count]');
const count = Number(countArg ?? 300);
const SEED = 20261126;

const scratch = resolve('.scratch');
mkdirSync(scratch, { recursive: true });
const bundled = join(scratch, 'rich-contact.arbitrary.mjs');
await build({
  entryPoints: [resolve('test/fixtures/vcard/rich-contact.arbitrary.ts')],
  outfile: bundled,
  bundle: true,
  format: 'esm',
  platform: 'node',
  external: ['fast-check'],
  logLevel: 'warning',
});
const { richContact } = await import(pathToFileURL(bundled).href);

const breakage = fc.oneof(
  fc.record({ path: fc.constant(['phones', 0, 'type']), value: fc.constantFrom('mobile', 'WORK', 1) }),
  fc.record({ path: fc.constant(['emails', 0, 'adress']), value: fc.constant('x@example.com') }),
  fc.record({ path: fc.constant(['name']), value: fc.constantFrom({ prefix: 'Dr' }, 'Ada', []) }),
  fc.record({ path: fc.constant(['birthday']), value: fc.constantFrom('1990/01/02', '1990-02-30', '1700-01-01') }),
  fc.record({ path: fc.constant(['categories']), value: fc.constant(Array.from({ length: 17 }, (_, i) => `c${i}`)) }),
  fc.record({ path: fc.constant(['socialProfiles', 0, 'service']), value: fc.constantFrom('Git Hub', '-x') }),
  fc.record({ path: fc.constant(['addresses', 0, 'city']), value: fc.constant('Paris') }),
  fc.record({ path: fc.constant(['photoUrl']), value: fc.constantFrom('javascript:alert(1)', 42) }),
);

function broken(contact, { path, value }) {
  const copy = structuredClone(contact);
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (at[key] === undefined)
      at[key] =
        typeof key === 'number'
          ? {}
          : Array.isArray(at)
            ? {}
            : typeof path[path.indexOf(key) + 1] === 'number'
              ? [{}]
              : {};
    at = at[key];
  }
  at[path[path.length - 1]] = value;
  return copy;
}

const body = fc
  .tuple(richContact, fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: breakage }))
  .map(([contact, breaking]) => (breaking === null ? contact : broken(contact, breaking)));

const variant = fc.record({
  format: fc.constantFrom(undefined, undefined, 'vcard3', 'vcard4', 'mecard'),
  qrVersion: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.integer({ min: 2, max: 30 }) },
  ),
  qrLevel: fc.constantFrom(undefined, undefined, 'L', 'M', 'Q', 'H'),
  template: fc.constantFrom(undefined, undefined, undefined, undefined, 'business-card', 'event-badge', 'nope'),
  accept: fc.constantFrom(
    undefined,
    undefined,
    'application/json',
    'text/vcard',
    'text/vcard;version=4.0',
    'image/png',
    'image/svg+xml',
  ),
  alias: fc.boolean(),
});

const samples = fc.sample(fc.tuple(body, variant), { seed: SEED, numRuns: count });
const requests = samples.map(([json, { accept, alias, ...query }]) => {
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  return {
    url: `${alias ? '/api' : ''}/v1/vcard${search ? `?${search}` : ''}`,
    headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
    payload: JSON.stringify(json),
  };
});
await recordAnswers(distArg, requests, { fixture: 'rich-answers.json', seed: SEED, env: { PLAYGROUND: 'false' } });
