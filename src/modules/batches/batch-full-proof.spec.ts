import { BatchFullProof, FULL_PROOF_EVERY } from './batch-full-proof';

async function* payloads(lengths: number[]): AsyncGenerator<{ index: number; payload: string }> {
  // Every third index is a failed contact: the payloads keep their input index.
  for (const [at, length] of lengths.entries()) yield { index: at * 3, payload: 'é'.repeat(length) };
}

describe('BatchFullProof', () => {
  it('gives the full proof to the first code, every 500th after it and the longest payload (the first of equals)', async () => {
    const lengths = Array.from({ length: 1200 }, (_, at) => (at === 700 || at === 900 ? 400 : 100 + (at % 7)));
    const choice = await BatchFullProof.of(payloads(lengths));
    const full = lengths.flatMap((_, at) => (choice.next(at * 3) ? [at] : []));
    expect(full).toEqual([0, FULL_PROOF_EVERY, 700, 2 * FULL_PROOF_EVERY]);
  });

  it('measures payloads in UTF-8 bytes, and with none chooses only by order', async () => {
    async function* mixed() {
      yield { index: 0, payload: 'a'.repeat(10) };
      yield { index: 1, payload: 'é'.repeat(6) };
    }
    const choice = await BatchFullProof.of(mixed());
    expect([choice.next(0), choice.next(1)]).toEqual([true, true]);
    const none = await BatchFullProof.of(payloads([]));
    expect([none.next(0), none.next(1)]).toEqual([true, false]);
  });
});
