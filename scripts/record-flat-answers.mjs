// Records what a build answers to generated flat VCardRequests (the fields of the first contract),
// so that a later build can be checked byte for byte against it (test/e2e/flat-compat.e2e-spec.ts).
// Usage: node scripts/record-flat-answers.mjs <dist directory of the reference build> [count]
// The requests come from a fixed fast-check seed; the file holds each request and its answer.
import fc from 'fast-check';
import { recordAnswers } from './record-answers.mjs';

const [distArg, countArg] = process.argv.slice(2);
if (!distArg) throw new Error('usage: node scripts/record-flat-answers.mjs <dist> [count]');
const count = Number(countArg ?? 400);

const specials = fc.constantFrom(
  ';',
  ',',
  '\\',
  ':',
  '\n',
  '\r\n',
  '\t',
  '\u0085',
  '\u2028',
  '\u202e',
  '\ufeff',
  ' ',
  'é',
  'Ω',
  '中',
  '😀',
  'ß',
  '\u0000',
);
const text = (max) =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) }, specials), {
      maxLength: max,
    })
    .map((parts) => parts.join(''));
const wrongType = fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({ a: 1 }), fc.constant(null));
const validPhone = fc.constantFrom(
  '+44 20 7946 0958',
  '(555) 010-0199',
  '+1-555-0100 x123',
  '030/1234567',
  '+81 3-1234-5678',
);
const validEmail = fc.oneof(
  fc.stringMatching(/^[a-z0-9+_-]{1,6}(\.[a-z0-9]{1,4})?@[a-z0-9]{1,10}\.[a-z]{2,6}$/),
  fc.constant('ada@exämple.org'),
);
const validWebsite = fc.oneof(
  fc.stringMatching(/^(https?:\/\/)?[a-z0-9]{1,10}\.[a-z]{2,6}(\/[a-zA-Z0-9;, %é-]{0,12})?$/),
  fc.constantFrom('example.com', 'http://example.com/a;b,c', 'localhost:3000/x'),
);

const valid = fc.record(
  {
    fullName: text(12).filter((name) => name.trim() !== ''),
    organization: text(10),
    title: text(6),
    phone: validPhone,
    email: validEmail,
    website: validWebsite,
    address: text(12),
    note: text(20),
  },
  { requiredKeys: ['fullName'] },
);
// One request in five breaks one rule of the flat contract: its answer must not change either.
const breakage = fc.oneof(
  fc.record({ field: fc.constantFrom('fullName', 'organization', 'phone', 'email', 'note'), value: wrongType }),
  fc.record({
    field: fc.constantFrom('phone', 'email', 'website'),
    value: fc.constantFrom('12', 'not-an-email', 'ftp://x.org', ' '),
  }),
  fc.record({ field: fc.constantFrom('fullName', 'title'), value: fc.constant('x'.repeat(257)) }),
  fc.record({ field: fc.constant('note'), value: fc.constant('€'.repeat(2000)) }),
  fc.record({ field: fc.constantFrom('mobile', 'fullname', 'company', 'valueOf'), value: fc.constant('x') }),
);
const body = fc
  .tuple(valid, fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: breakage }))
  .map(([fields, broken]) => (broken === null ? fields : { ...fields, [broken.field]: broken.value }));

const variant = fc.record({
  accept: fc.constantFrom(
    undefined,
    undefined,
    undefined,
    undefined,
    'text/vcard',
    'image/svg+xml',
    'image/png',
    'application/json',
    'image/gif',
  ),
  template: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, 'business-card', 'minimal', 'nope'),
  alias: fc.boolean(),
});

const samples = fc.sample(fc.tuple(body, variant), { seed: 20261125, numRuns: count });
const requests = samples.map(([json, { accept, template, alias }]) => ({
  url: `${alias ? '/api' : ''}/v1/vcard${template ? `?template=${template}` : ''}`,
  headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
  payload: JSON.stringify(json),
}));
await recordAnswers(distArg, requests, { fixture: 'flat-answers.json', seed: 20261125 });
