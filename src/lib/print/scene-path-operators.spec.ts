import { expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatNumber, scenePathOperators } from './scene-path-operators';

type Point = [number, number];
/** A subpath as its commands with absolute points: what a renderer fills. */
type Segment = { kind: 'move' | 'line' | 'curve' | 'close'; points: Point[] };

/** Reads `d` (the scene's own syntax) into segments. */
function readScenePath(d: string): Segment[] {
  const tokens = d.split(' ');
  const out: Segment[] = [];
  const kinds = { M: ['move', 2], L: ['line', 2], C: ['curve', 6], Z: ['close', 0] } as const;
  for (let index = 0; index < tokens.length;) {
    const [kind, count] = kinds[tokens[index] as keyof typeof kinds];
    const numbers = tokens.slice(index + 1, index + 1 + count).map(Number);
    out.push({
      kind,
      points: Array.from({ length: count / 2 }, (_, n) => [numbers[2 * n], numbers[2 * n + 1]] as Point),
    });
    index += 1 + count;
  }
  return out;
}

/** Runs the postfix operators as PDF would (re: a closed rectangle subpath) into segments. */
function readOperators(ops: string): Segment[] {
  const stack: number[] = [];
  const out: Segment[] = [];
  for (const token of ops.split(' ')) {
    const pop = (count: number) => stack.splice(stack.length - count, count);
    const points = (numbers: number[]) =>
      Array.from({ length: numbers.length / 2 }, (_, n) => [numbers[2 * n], numbers[2 * n + 1]] as Point);
    if (token === 'm') out.push({ kind: 'move', points: points(pop(2)) });
    else if (token === 'l') out.push({ kind: 'line', points: points(pop(2)) });
    else if (token === 'c') out.push({ kind: 'curve', points: points(pop(6)) });
    else if (token === 'h') out.push({ kind: 'close', points: [] });
    else if (token === 're') {
      const [x, y, w, h] = pop(4);
      out.push(
        { kind: 'move', points: [[x, y]] },
        { kind: 'line', points: [[x + w, y]] },
        { kind: 'line', points: [[x + w, y + h]] },
        { kind: 'line', points: [[x, y + h]] },
        { kind: 'close', points: [] },
      );
    } else {
      expect(token).toMatch(/^-?\d+(\.\d+)?$/);
      stack.push(Number(token));
    }
  }
  expect(stack).toEqual([]);
  return out;
}

const coordinate = fc.oneof(
  fc.integer({ min: -50, max: 200 }),
  fc.double({ min: -50, max: 200, noNaN: true }).map((v) => Math.round(v * 1e4) / 1e4),
);
const rectangle = fc
  .tuple(coordinate, coordinate, coordinate, coordinate)
  .map(([x, y, x2, y2]) => `M ${x} ${y} L ${x2} ${y} L ${x2} ${y2} L ${x} ${y2} Z`);
const outline = fc
  .tuple(
    fc.tuple(coordinate, coordinate),
    fc.array(
      fc.oneof(
        fc.tuple(coordinate, coordinate),
        fc.tuple(coordinate, coordinate, coordinate, coordinate, coordinate, coordinate),
      ),
      { minLength: 1, maxLength: 5 },
    ),
  )
  .map(
    ([[x, y], rest]) =>
      `M ${x} ${y} ${rest.map((n) => (n.length === 2 ? `L ${n.join(' ')}` : `C ${n.join(' ')}`)).join(' ')} Z`,
  );

it('describes the same outline as the scene path, rectangles and curves alike (property)', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(rectangle, outline), { minLength: 1, maxLength: 8 }), (subpaths) => {
      const d = subpaths.join(' ');
      const read = readOperators(scenePathOperators(d));
      const expected = readScenePath(d);
      expect(read.map((segment) => segment.kind)).toEqual(expected.map((segment) => segment.kind));
      read.forEach((segment, index) =>
        segment.points.forEach(([x, y], n) => {
          expect(x).toBeCloseTo(expected[index].points[n][0], 5);
          expect(y).toBeCloseTo(expected[index].points[n][1], 5);
        }),
      );
    }),
    { seed: 4242, numRuns: 300 },
  );
});

it('writes the plain code rectangles as re and rewrites numbers PDF and PostScript cannot read', () => {
  expect(scenePathOperators('M 4 4 L 11 4 L 11 5 L 4 5 Z')).toBe('4 4 7 1 re');
  expect(scenePathOperators('M 1e-7 2 L 3.5 2 C 1 1 2 2 3 3 Z')).toBe('0 2 m 3.5 2 l 1 1 2 2 3 3 c h');
  expect(() => scenePathOperators('M 1 2 A 1 1 0 0 1 3 3')).toThrow('unsupported path command');
  expect(() => scenePathOperators('M 1 NaN')).toThrow();
  expect([0.1 + 0.2, -0.0000001, 12, 1e21].map(formatNumber)).toEqual(['0.3', '0', '12', '1000000000000000000000']);
});
