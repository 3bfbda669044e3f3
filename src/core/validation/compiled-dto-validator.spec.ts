import { describe, expect, it } from '@jest/globals';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { IsDefined, IsOptional, IsString, ValidateNested } from 'class-validator';
import fc from 'fast-check';
import { CONTACT_FIELDS } from '../../lib/vcard';
import { ListTemplatesQuery } from '../../modules/templates/dto/list-templates.query';
import { VCardRequestDto } from '../../modules/vcard/dto/vcard-request.dto';
import { hostileContact, validatedContact } from '../../../test/fixtures/vcard/contact.arbitrary';
import { ApiError } from '../errors/api-error';
import { compileDtoValidator } from './compiled-dto-validator';
import { createValidationPipe, VALIDATION_PIPE_OPTIONS } from './create-validation-pipe';
import { AcceptedBy, REJECTED } from './property-acceptor';

/** Nest's own ValidationPipe with the service's options: the behaviour the fast path must keep. */
const reference = new ValidationPipe(VALIDATION_PIPE_OPTIONS);
const validatorOptions = (reference as unknown as { validatorOptions: object }).validatorOptions;

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };
const settle = (promise: Promise<unknown>): Promise<Settled> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** The contract-relevant view of a thrown error: its response body and extras. */
const errorView = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, extras: (error as { extras?: unknown }).extras } : error;

// Text that trips each rule, plus the values and keys that take the slow path.
const awkwardText = fc.constantFrom(
  '',
  ' ',
  ' \n\t ',
  'Ada',
  ' Ada Lovelace ',
  'ada@example.com',
  'a@b',
  'not-an-email',
  '+44 20 7946 0958',
  '12',
  '555-1234 x12',
  'example.com',
  'https://example.com/x',
  'javascript:alert(1)',
  'ftp://example.com',
  '\ud83d',
  'x\udc00y',
  'a\r\nb',
  '\u0000\u0085',
  'a'.repeat(257),
  'n'.repeat(2001),
  'e'.repeat(65),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(awkwardText, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 })) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 0, 1.5, true, false) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2 })),
  },
);
const anyKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CONTACT_FIELDS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('name', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'constructor', 'prototype'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const anyBody = fc.oneof(
  validatedContact,
  hostileContact,
  // Valid cards with a stray key or value: the whitelist and the methods plainToInstance skips.
  fc.tuple(validatedContact, fc.dictionary(anyKey, anyValue, { maxKeys: 2 })).map(([card, extra]) => ({ ...card, ...extra })),
  fc.dictionary(anyKey, anyValue, { maxKeys: 10 }),
  fc.record(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, anyValue])) as Record<string, fc.Arbitrary<unknown>>, {
    requiredKeys: [],
  }),
);
const anyQuery = fc.dictionary(
  fc.oneof(fc.constantFrom('limit', 'cursor'), fc.constantFrom('page', 'toString'), fc.string({ maxLength: 5 })),
  fc.oneof(
    fc.constantFrom('1', '2', '25', '26', '0', '-1', '2.5', '1e1', '0x10', ' 3', 'x', '', '999999999', '1234567890'),
    fc.string({ maxLength: 210 }),
    fc.array(fc.constantFrom('1', '2'), { minLength: 2, maxLength: 2 }),
  ),
  { maxKeys: 3 },
);

/** Flat input the fast path promises to decide itself: no object values, no key the pipe strips. */
function isFlat(value: object): boolean {
  return Object.entries(value).every(
    ([key, v]) => !['__proto__', 'prototype', 'constructor'].includes(key) && (typeof v !== 'object' || v === null),
  );
}

async function expectSameAsReference(metatype: new () => object, type: ArgumentMetadata['type'], input: object): Promise<void> {
  const compiled = compileDtoValidator(metatype, validatorOptions)!;
  const outcome = compiled(input);
  const expected = await settle(reference.transform(structuredClone(input), { type, metatype }));
  if (outcome.accepted) {
    expect(expected.ok).toBe(true);
    const entity = (expected as { value: object }).value;
    expect(outcome.entity).toStrictEqual(entity);
    expect(Object.keys(outcome.entity)).toEqual(Object.keys(entity));
  } else if (isFlat(input)) {
    // Not just safe but complete: flat valid input never falls back to class-validator.
    expect(expected.ok).toBe(false);
  }
}

describe('compileDtoValidator', () => {
  it('compiles the service DTOs', () => {
    expect(compileDtoValidator(VCardRequestDto, validatorOptions)).not.toBeNull();
    expect(compileDtoValidator(ListTemplatesQuery, validatorOptions)).not.toBeNull();
  });

  it('accepts a typical card with the same cleaned instance as class-transformer', async () => {
    const input = { fullName: '  Ada\tLovelace ', email: 'ada@example.com', note: '', organization: null };
    const outcome = compileDtoValidator(VCardRequestDto, validatorOptions)!(input);
    expect(outcome.accepted).toBe(true);
    await expectSameAsReference(VCardRequestDto, 'body', input);
  });

  it('matches class-validator on generated bodies: every acceptance identical, no flat one missed', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, (body) => expectSameAsReference(VCardRequestDto, 'body', body)),
      { numRuns: 600 },
    );
  });

  it('matches class-validator on generated template queries', async () => {
    await fc.assert(
      fc.asyncProperty(anyQuery, (query) => expectSameAsReference(ListTemplatesQuery, 'query', query)),
      { numRuns: 400 },
    );
  });

  it('leaves keys the pipe strips to the original path', () => {
    const compiled = compileDtoValidator(VCardRequestDto, validatorOptions)!;
    for (const body of ['{"fullName":"A","__proto__":{"x":1}}', '{"fullName":"A","constructor":"x"}']) {
      expect(compiled(JSON.parse(body)).accepted).toBe(false);
    }
  });

  it('decides a property that declares an acceptor by that function alone', () => {
    const calls: unknown[] = [];
    class Tagged {
      // The constraints would accept 'no'; only the acceptor is asked on the fast path.
      @IsDefined()
      @IsString()
      @AcceptedBy((value) => {
        calls.push(value);
        return value === 'ok' ? 'OK' : REJECTED;
      })
      tag: string;

      @IsString()
      @AcceptedBy((value) => value)
      @IsOptional()
      label?: string;
    }
    const compiled = compileDtoValidator(Tagged, validatorOptions)!;
    // Compiling asks once whether absence is accepted: for `tag` it is not, so the key is required.
    expect(calls).toEqual([undefined]);
    const accepted = compiled({ tag: 'ok' });
    expect(accepted.accepted && accepted.entity).toBeInstanceOf(Tagged);
    expect(accepted.accepted && accepted.entity.tag).toBe('OK');
    expect(compiled({ tag: 'no' }).accepted).toBe(false);
    expect(compiled({ label: 'x' }).accepted).toBe(false);
    expect(compiled({ tag: 'ok', other: 'x' }).accepted).toBe(false);
    expect(calls).toEqual([undefined, 'ok', 'no', 'ok']);
  });

  it('keeps the checks of a property with a class default, which an acceptor would never see', () => {
    class Defaulted {
      @IsString()
      @AcceptedBy((value) => value)
      @IsOptional()
      label?: unknown = 42;
    }
    // class-validator rejects the default 42 when the key is absent; so must the fast path.
    expect(compileDtoValidator(Defaulted, validatorOptions)!({}).accepted).toBe(false);
  });

  it('does not compile what it does not reproduce', () => {
    class Nested {
      @IsString()
      name: string;
    }
    class WithNested {
      @IsDefined()
      @ValidateNested()
      nested: Nested;
    }
    class Eachy {
      @IsString({ each: true })
      tags: string[];
    }
    expect(compileDtoValidator(WithNested, validatorOptions)).toBeNull();
    expect(compileDtoValidator(Eachy, validatorOptions)).toBeNull();
    expect(compileDtoValidator(VCardRequestDto, { ...validatorOptions, skipMissingProperties: true })).toBeNull();
    expect(compileDtoValidator(VCardRequestDto, { ...validatorOptions, whitelist: false })).toBeNull();
  });
});

/**
 * The one deliberate difference from the stock pipe: it lets unknown keys named like an
 * Object.prototype member, or `prototype`/`constructor`, vanish (class-transformer skips them and
 * the pipe deletes them); the service lists them as unknown after class-validator's own issues.
 */
async function serviceReference(input: unknown, metadata: ArgumentMetadata): Promise<Settled> {
  const expected = await settle(reference.transform(structuredClone(input), metadata));
  const declared = new Set<string>(CONTACT_FIELDS);
  const unseen = Object.keys(input as object).filter(
    (key) => !declared.has(key) && (['__proto__', 'prototype', 'constructor'].includes(key) || key in Object.prototype),
  );
  if (unseen.length === 0 && expected.ok) return expected;
  const issues = unseen.map((key) => ({ field: key, issue: 'unknown', message: `${key} is not a known field` }));
  const before = expected.ok ? [] : ((expected.error as ApiError).extras.details?.fields as unknown[]);
  if (!expected.ok && (expected.error as ApiError).code !== 'invalid_request') return expected;
  // The service names at most 20 fields and counts them all.
  const fields = [...before, ...issues];
  return { ok: false, error: new ApiError('invalid_request', { details: { fields: fields.slice(0, 20), fieldCount: fields.length } }) };
}

describe('the service ValidationPipe (fast path + class-validator)', () => {
  const pipe = createValidationPipe();
  const body: ArgumentMetadata = { type: 'body', metatype: VCardRequestDto };

  it('answers every generated body as the stock ValidationPipe does, but rejects the keys it lets vanish', async () => {
    let unseenKeyBodies = 0;
    await fc.assert(
      fc.asyncProperty(anyBody, async (input) => {
        const actual = await settle(pipe.transform(structuredClone(input), body));
        const expected = await serviceReference(input, body);
        const stock = await settle(reference.transform(structuredClone(input), body));
        if (stock.ok && !expected.ok) unseenKeyBodies += 1;
        expect(actual.ok).toBe(expected.ok);
        if (actual.ok && expected.ok) expect(actual.value).toStrictEqual(expected.value);
        else expect(errorView((actual as { error: unknown }).error)).toEqual(errorView((expected as { error: unknown }).error));
      }),
      // The random bodies reach the case below only now and then (one run in this session missed
      // it): two fixed examples make sure every run checks it.
      { numRuns: 400, examples: [[{ fullName: 'Ada', constructor: 'x' }], [{ fullName: 'Ada', toString: 'x' }]] },
    );
    // The generator does reach the case: bodies the stock pipe accepts only because a key vanished.
    expect(unseenKeyBodies).toBeGreaterThan(0);
  });
});
