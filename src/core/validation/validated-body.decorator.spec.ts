import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { VCardRequestDto } from '../../modules/vcard/dto/vcard-request.dto';
import { hostileContact } from '../../../test/fixtures/vcard/contact.arbitrary';
import { createValidationPipe } from './create-validation-pipe';
import { ValidatedBody } from './validated-body.decorator';

const isThenable = (value: unknown): value is Promise<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

const settle = (value: unknown): Promise<{ ok: boolean; value: unknown }> =>
  Promise.resolve(value).then(
    (resolved) => ({ ok: true, value: resolved }),
    (error: unknown) => ({ ok: false, value: error }),
  );

describe('ApiValidationPipe.validateBody (what @ValidatedBody() returns)', () => {
  const pipe = createValidationPipe();

  it('returns a valid body at once, as a DTO instance, with no promise', () => {
    const result = pipe.validateBody({ fullName: '  Ada  ', email: 'ada@example.com' }, VCardRequestDto);
    expect(isThenable(result)).toBe(false);
    expect(result).toBeInstanceOf(VCardRequestDto);
    expect(result).toMatchObject({ fullName: 'Ada', email: 'ada@example.com' });
  });

  const rejected: unknown[] = [{}, [], 'x', null, { fullName: 'A', nope: 1 }, { fullName: 'A', toString: 'x' }];
  it.each(rejected.map((body) => [body]))('hands %j to the pipe and returns its promise, which rejects', async (body: unknown) => {
    const result = pipe.validateBody(body, VCardRequestDto);
    expect(isThenable(result)).toBe(true);
    expect((await settle(result)).ok).toBe(false);
  });

  it('settles exactly as transform() does, for arbitrary hostile bodies', async () => {
    const reference = createValidationPipe();
    await fc.assert(
      fc.asyncProperty(hostileContact, async (body) => {
        const copy = structuredClone(body);
        const [fast, slow] = await Promise.all([
          settle(pipe.validateBody(body, VCardRequestDto)),
          settle(reference.transform(copy, { type: 'body', metatype: VCardRequestDto, data: undefined })),
        ]);
        expect(fast.ok).toBe(slow.ok);
        if (fast.ok) expect({ ...(fast.value as object) }).toEqual({ ...(slow.value as object) });
        else expect((fast.value as { extras?: unknown }).extras).toEqual((slow.value as { extras?: unknown }).extras);
      }),
      { numRuns: 300 },
    );
  });
});

describe('@ValidatedBody()', () => {
  it('refuses a parameter whose type is not a DTO class', () => {
    expect(() => {
      class Controller {
        handle(@ValidatedBody() _body: unknown): void {}
      }
      return Controller;
    }).toThrow(/ValidatedBody needs a DTO class/);
  });
});
