import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { prepareQrDecoders } from '../decode';
import { MAX_DECODED_SIDE } from '../decode/decodable-image';
import { qrMatrix } from '../qr-matrix';
import { plainQrScene } from '../qr-scene';
import { paintLogo } from '../style/logo-pixels';
import { sceneRaster } from '../style/scene-raster';
import { QR_BYTE_CAPACITY, type QrLevel } from '../../vcard/qr-capacity';
import { readRenderings } from './prove-code';

// The proof set must not be harsher than a plain code: the plain code (no style) of every version
// 1-40 at every level, with a payload at either end of the version's capacity (one byte more than
// the version below holds, and all it holds), is read by both decoders from every rendering. A row
// a plain code of some version misses takes more pixels a module there (PROOF_SET's `larger`).
// The whole property (320 codes) takes over ten minutes on a 2-core machine: PROOF_CALIBRATION=all
// asks for it. CI (QR_MATRIX=full) asks for every version at a level that turns with the version,
// at both ends (80 codes); a plain run for the corners and a sample drawn with a fixed seed.

// A version 40 code is drawn and read seven times at up to 1,480 px a side: seconds on a busy machine.
jest.setTimeout(120_000);

const LEVELS: readonly QrLevel[] = ['L', 'M', 'Q', 'H'];
const ALL = process.env.PROOF_CALIBRATION === 'all';
const FULL = process.env.QR_MATRIX === 'full';
const SAMPLE = 6;
const MARGIN = 4;

interface Case {
  version: number;
  level: QrLevel;
  end: 'low' | 'high';
}

function allCases(): Case[] {
  const cases: Case[] = [];
  for (let version = 1; version <= 40; version++)
    for (const level of LEVELS) for (const end of ['low', 'high'] as const) cases.push({ version, level, end });
  return cases;
}

/** Every version, at the level its number turns to (L, M, Q, H, L, …), at both ends. */
function everyVersion(): Case[] {
  return allCases().filter((c) => LEVELS.indexOf(c.level) === (c.version - 1) % LEVELS.length);
}

/** The corners (versions 1 and 40, levels L and H, full) and a fixed sample of the rest. */
function sampledCases(): Case[] {
  const all = allCases();
  const corners = all.filter(
    (c) => (c.version === 1 && c.level === 'L' && c.end === 'high') || (c.version === 40 && c.level === 'H'),
  );
  let state = 20_261_201;
  const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0);
  const rest = all.filter((c) => !corners.includes(c));
  const picked = new Set<Case>();
  while (picked.size < SAMPLE) picked.add(rest[next() % rest.length]);
  return [...corners, ...picked];
}

/** A payload of exactly `bytes` ASCII bytes, varied from case to case (vCard-like text). */
function payloadOf(bytes: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :;.,@+-\r\n';
  let state = seed >>> 0;
  let text = 'BEGIN:VCARD\r\n';
  while (text.length < bytes) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    text += alphabet[state % alphabet.length];
  }
  return text.slice(0, bytes);
}

function bytesFor({ version, level, end }: Case): number {
  const capacity = QR_BYTE_CAPACITY[level];
  return end === 'high' ? capacity[version - 1] : version === 1 ? 1 : capacity[version - 2] + 1;
}

describe('the proof set against plain codes', () => {
  beforeAll(() => prepareQrDecoders());
  const cases = ALL ? allCases() : FULL ? everyVersion() : sampledCases();

  it.each(cases.map((c) => [`version ${c.version} ${c.level} ${c.end}`, c] as const))(
    'reads the plain code of %s from every rendering, with both decoders',
    async (_name, c) => {
      const payload = payloadOf(bytesFor(c), c.version * 31 + c.level.charCodeAt(0));
      const matrix = qrMatrix(payload, c.level);
      expect(matrix.version).toBe(c.version);
      const scene = plainQrScene(matrix, MARGIN);
      const draw = (scale: number) => sceneRaster(scene, scale, paintLogo);
      // The file as sent: the plain PNG at its default 8 px a module, or the largest scale that is decodable.
      const asSentScale = Math.min(8, Math.floor(MAX_DECODED_SIDE / scene.width));
      const readings = await readRenderings({
        version: matrix.version,
        draw,
        asSent: { image: draw(asSentScale), modulePixels: asSentScale },
        expected: new Uint8Array(Buffer.from(payload, 'utf8')),
      });
      const missed = readings.filter((r) => !r.zbar || !r.zxing);
      expect(missed).toEqual([]);
    },
  );
});
