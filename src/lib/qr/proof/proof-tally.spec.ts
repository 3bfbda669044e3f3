import { describe, expect, it } from '@jest/globals';
import { tallyProof } from './proof-tally';

type Name = 'zbar' | 'zxing';
const DECODERS: readonly Name[] = ['zbar', 'zxing'];

/**
 * The proof's reading as it was written before the readings were reordered: the file as sent, then
 * the renderings in the set's order, each decoder stopping once its verdict is certain.
 */
function setOrderProof(renderings: number, readsSent: Record<Name, boolean>, outcomes: Record<Name, boolean[]>) {
  const total = renderings + 1;
  const allowed = renderings > 0 ? 1 : 0;
  const read = { zbar: 0, zxing: 0 };
  const missed = { zbar: 0, zxing: 0 };
  for (const name of DECODERS) {
    if (readsSent[name]) read[name]++;
    else missed[name] = allowed + 1;
  }
  const undecided = (name: Name) => missed[name] <= allowed && read[name] < total - allowed;
  for (let index = 0; index < renderings && DECODERS.some(undecided); index++)
    for (const name of DECODERS.filter(undecided)) {
      if (outcomes[name][index]) read[name]++;
      else missed[name]++;
    }
  return { passed: { zbar: missed.zbar <= allowed, zxing: missed.zxing <= allowed }, read };
}

const pattern = (bits: number, length: number) => Array.from({ length }, (_, index) => ((bits >> index) & 1) === 1);

describe('tallyProof', () => {
  it('gives the verdicts and counts of reading the set in its order, whatever order it reads in, each rendering asked once', async () => {
    for (let renderings = 0; renderings <= 6; renderings++) {
      const identity = Array.from({ length: renderings }, (_, index) => index);
      // The proof's own order for six renderings (the clean ones first), reversed, and the set's.
      const orders = [identity, [...identity].reverse(), [0, 1, 5, 2, 3, 4].filter((index) => index < renderings)];
      for (let zbarBits = 0; zbarBits < 1 << renderings; zbarBits++)
        for (let zxingBits = 0; zxingBits < 1 << renderings; zxingBits += renderings > 3 ? 7 : 1)
          for (const sent of [3, 2, 1, 0]) {
            const readsSent = { zbar: (sent & 1) === 1, zxing: (sent & 2) === 2 };
            const outcomes = { zbar: pattern(zbarBits, renderings), zxing: pattern(zxingBits, renderings) };
            const expected = setOrderProof(renderings, readsSent, outcomes);
            for (const order of orders) {
              const asked = new Set<string>();
              let again = false;
              const tally = await tallyProof({
                decoders: DECODERS,
                renderings,
                order,
                readsSent,
                reads: (name, index) => {
                  again ||= asked.has(`${name}${index}`);
                  asked.add(`${name}${index}`);
                  return Promise.resolve(outcomes[name][index]);
                },
              });
              expect({ ...tally, again }).toEqual({ ...expected, again: false });
            }
          }
    }
  });

  it('reads no rendering after both verdicts are certain: all read in the clean-first order leaves the last one unread', async () => {
    const asked: number[] = [];
    const tally = await tallyProof({
      decoders: DECODERS,
      renderings: 6,
      order: [0, 1, 5, 2, 3, 4],
      readsSent: { zbar: true, zxing: true },
      reads: (name, index) => {
        if (name === 'zbar') asked.push(index);
        return Promise.resolve(true);
      },
    });
    expect(tally).toEqual({ passed: { zbar: true, zxing: true }, read: { zbar: 6, zxing: 6 } });
    expect(asked).toEqual([0, 1, 5, 2, 3]);
  });
});
