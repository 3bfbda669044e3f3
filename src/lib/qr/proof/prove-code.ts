import { decodableGrey, MAX_DECODED_SIDE, type GreyImage } from '../decode/decodable-image';
import type { CodeCheck } from '../decode/check-code';
import type { RgbaImage } from '../decode/rgba-image';
import { zbarQrReader } from '../decode/zbar-qr-reader';
import { zxingQrReader } from '../decode/zxing-qr-reader';
import { payloadSeed } from './grey-effects';
import { PROOF_SET, PROOF_VERSION, renderingEffects, renderingScale, type ProofRendering } from './proof-set';

/** What the proof found: how many renderings there are, and how many each decoder read back. */
export interface CodeProof {
  version: number;
  renderings: number;
  zbar: number;
  zxing: number;
}

/** Whether each decoder passed the proof (read all renderings but at most one), and the counts. */
export interface ProvenCheck extends CodeCheck {
  proof: CodeProof;
}

/** A code to prove: its scene drawn at any scale, the file's own raster, and the payload's bytes. */
export interface ProofSubject {
  /** The code's version (a rendering may take more pixels a module from some version on). */
  version: number;
  /** The scene's pixels at a whole number of pixels a module. */
  draw(pxPerModule: number): RgbaImage;
  /** The raster of the file as sent, and its pixels a module. */
  asSent: { image: RgbaImage; modulePixels: number };
  expected: Uint8Array;
}

type DecoderName = keyof CodeCheck;
const DECODERS: readonly DecoderName[] = ['zbar', 'zxing'];

/** Each decoder's plane of one rendering, and its pixels a module (ZBar's scan lines follow it). */
interface RenderedPlanes {
  planes: Record<DecoderName, GreyImage>;
  modulePixels: number;
}

/**
 * Reads the file as sent, then the subject's renderings, with both decoders. A decoder passes when
 * it reads exactly `expected` from the file as sent (what the user gets: nothing makes up for it)
 * and from all renderings of the set but at most one; it stops reading as soon as its verdict is
 * certain (the file unread or two renderings missed fail it; all read but one pass it), and the
 * whole proof stops once both verdicts are. A clean rendering gives each decoder the plane its own
 * library would compute; a rendering with effects applies them to one plane both decoders read.
 */
export async function proveCode(
  subject: ProofSubject,
  set: readonly ProofRendering[] = PROOF_SET,
): Promise<ProvenCheck> {
  const total = set.length + 1;
  const allowed = set.length > 0 ? 1 : 0;
  const read: Record<DecoderName, number> = { zbar: 0, zxing: 0 };
  const missed: Record<DecoderName, number> = { zbar: 0, zxing: 0 };
  const sent = asSentPlanes(subject);
  for (const name of DECODERS) {
    if (await readsExpected(name, sent, subject.expected)) read[name]++;
    else missed[name] = allowed + 1;
  }
  const undecided = (name: DecoderName) => missed[name] <= allowed && read[name] < total - allowed;
  const rasters = new Map<number, RgbaImage>();
  const seed = payloadSeed(subject.expected);
  for (let index = 0; index < set.length && DECODERS.some(undecided); index++) {
    const rendered = renderOne(subject, set[index], rasters, seed);
    for (const name of DECODERS.filter(undecided)) {
      if (await readsExpected(name, rendered, subject.expected)) read[name]++;
      else missed[name]++;
    }
  }
  return {
    zbar: missed.zbar <= allowed,
    zxing: missed.zxing <= allowed,
    proof: { version: PROOF_VERSION, renderings: total, zbar: read.zbar, zxing: read.zxing },
  };
}

function renderOne(
  subject: ProofSubject,
  rendering: ProofRendering,
  rasters: Map<number, RgbaImage>,
  seed: number,
): RenderedPlanes {
  const scale = renderingScale(rendering, subject.version);
  let raster = rasters.get(scale);
  if (!raster) rasters.set(scale, (raster = subject.draw(scale)));
  const grey = decodableGrey(raster);
  const effects = renderingEffects(rendering, subject.version);
  if (effects.length === 0) return { planes: grey, modulePixels: scale };
  let plane: GreyImage = grey.zbar;
  for (const effect of effects) plane = effect(plane, { seed });
  return { planes: { zbar: plane, zxing: plane }, modulePixels: scale };
}

function asSentPlanes({ asSent }: ProofSubject): RenderedPlanes {
  const { image, modulePixels } = asSent;
  if (image.width > MAX_DECODED_SIDE || image.height > MAX_DECODED_SIDE)
    throw new RangeError('The file as sent is read at most 2,048 px a side; draw a copy at fewer pixels a module.');
  return { planes: decodableGrey(image), modulePixels };
}

async function readsExpected(name: DecoderName, rendered: RenderedPlanes, expected: Uint8Array): Promise<boolean> {
  const reader = name === 'zbar' ? zbarQrReader : zxingQrReader;
  const symbols = await reader.read(rendered.planes[name], { modulePixels: rendered.modulePixels });
  return symbols.length === 1 && Buffer.compare(symbols[0], expected) === 0;
}

/** What each decoder read from one rendering (the file as sent is named `as-sent`). */
export interface RenderingReading {
  name: string;
  pxPerModule: number;
  zbar: boolean;
  zxing: boolean;
}

/**
 * Every rendering of the set and the file as sent, each read by both decoders, with no early stop:
 * what calibrates the set (a plain code must be read from each).
 */
export async function readRenderings(
  subject: ProofSubject,
  set: readonly ProofRendering[] = PROOF_SET,
): Promise<RenderingReading[]> {
  const rasters = new Map<number, RgbaImage>();
  const seed = payloadSeed(subject.expected);
  const readings: RenderingReading[] = [];
  for (let index = 0; index <= set.length; index++) {
    const rendered = index < set.length ? renderOne(subject, set[index], rasters, seed) : asSentPlanes(subject);
    readings.push({
      name: index < set.length ? set[index].name : 'as-sent',
      pxPerModule: rendered.modulePixels,
      zbar: await readsExpected('zbar', rendered, subject.expected),
      zxing: await readsExpected('zxing', rendered, subject.expected),
    });
  }
  return readings;
}
