import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { nestsDeeperThan } from '../../http/request-body';
import { BatchJsonScanner } from './batch-json-body';

const MAX_DEPTH = 64;

/** What the service's whole-body parser accepts: the nesting bound, then JSON. */
function strictParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (nestsDeeperThan(text, MAX_DEPTH)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const checkElement = (text: string): boolean => strictParse(text).ok;

/** Feeds `text` to a scanner in pieces cut at `cuts` (fractions of the length). */
function scan(text: string, cuts: number[]): string[] | null {
  const scanner = new BatchJsonScanner(MAX_DEPTH, checkElement);
  const at = [...new Set(cuts.map((cut) => Math.floor(cut * text.length)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...at, text.length]) {
    scanner.write(text.slice(from, to));
    from = to;
  }
  return scanner.finish();
}

const whitespace = fc.string({ unit: fc.constantFrom(' ', '\n', '\r', '\t'), maxLength: 3 });
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 });

/** A batch body of the plain shape, with any JSON values as contacts and any JSON whitespace. */
const plainBody = fc
  .tuple(
    fc.array(fc.tuple(fc.jsonValue({ maxDepth: 4 }), whitespace, whitespace), { maxLength: 12 }),
    fc.array(whitespace, { minLength: 6, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([contacts, [a, b, c, d, e, f], escapedKey]) => {
    const key = escapedKey ? '"\\u0063ontacts"' : '"contacts"';
    const elements = contacts.map(([value, before, after]) => `${before}${JSON.stringify(value)}${after}`);
    return `${a}{${b}${key}${c}:${d}[${elements.join(',')}${contacts.length === 0 ? e : ''}]${e}}${f}`;
  });

/** Anything at all: plain bodies with one character changed, other JSON, random text. */
const anyBody = fc.oneof(
  fc
    .tuple(plainBody, fc.nat(), fc.constantFrom('', ',', '}', ']', '{', '[', '"', ':', '\\', '1', 'x', ' ', '\uFEFF'))
    .map(([body, at, char]) => {
      const i = at % (body.length + 1);
      return body.slice(0, i) + char + body.slice(i + 1);
    }),
  fc.json({ maxDepth: 5 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify({ contacts: [value], other: value })),
  fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', ' ', 'a', '1', '\\', 'n') }),
);

describe('BatchJsonScanner', () => {
  it('cuts a plain body into exactly the contacts the whole-body parser finds, however the body is split', () => {
    fc.assert(
      fc.property(plainBody, cuts, (body, pieces) => {
        const contacts = scan(body, pieces);
        const whole = strictParse(body);
        expect(contacts === null).toBe(!whole.ok);
        if (!whole.ok) return;
        expect({ contacts: contacts!.map((text) => JSON.parse(text) as unknown) }).toEqual(
          (whole as { value: unknown }).value,
        );
      }),
      { numRuns: 1500 },
    );
  });

  it('never accepts what the whole-body parser refuses, and never answers differently from it', () => {
    fc.assert(
      fc.property(anyBody, cuts, (body, pieces) => {
        const contacts = scan(body, pieces);
        if (contacts === null) return; // parsed as a whole by the caller: the same answer by construction
        const whole = strictParse(body);
        expect(whole.ok).toBe(true);
        expect({ contacts: contacts.map((text) => JSON.parse(text) as unknown) }).toEqual(
          (whole as { value: unknown }).value,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves to the whole-body parser: other keys, contacts twice or not an array, too deep elements, a BOM, trailing text', () => {
    const deep = `${'['.repeat(63)}${']'.repeat(63)}`;
    for (const body of [
      '{"contacts":[],"extra":1}',
      '{"contacts":[],"contacts":[{"fullName":"A"}]}',
      '{"contacts":{"0":{}}}',
      `{"contacts":[${deep}]}`,
      '\uFEFF{"contacts":[]}',
      '{"contacts":[\uFEFFnull]}',
      '{"contacts":[]} x',
      '{"contacts":[1 2]}',
      '{"contacts":[{"a":1}',
      '',
    ]) {
      expect(scan(body, [0.3, 0.6])).toBeNull();
    }
    // One level less is within the bound (object, array, then 62 levels): the same line as the whole-body check.
    for (let depth = 55; depth <= 70; depth++) {
      const body = `{"contacts":[${'[{"a":'.repeat(depth >> 1)}${depth % 2 ? '[]' : '1'}${'}]'.repeat(depth >> 1)}]}`;
      expect(scan(body, [0.25, 0.5, 0.75]) !== null).toBe(strictParse(body).ok);
    }
    expect(scan(`{"contacts":[${'['.repeat(62)}${']'.repeat(62)}]}`, [0.5])).toHaveLength(1);
  });

  it('keeps each contact as the text it was sent as, split anywhere, even inside a character pair or an escape', () => {
    const body = '{"contacts":[{"fullName":"Zoë \\"Z\\" 李 😀"}, 7, "x\\\\", null ,{"a":[1,{"b":"]}"}]}]}';
    for (let i = 0; i <= body.length; i++) {
      expect(scan(body, [i / body.length])).toEqual([
        '{"fullName":"Zoë \\"Z\\" 李 😀"}',
        '7',
        '"x\\\\"',
        'null',
        '{"a":[1,{"b":"]}"}]}',
      ]);
    }
  });
});
