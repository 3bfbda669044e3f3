import { decodableGrey, MAX_DECODED_SIDE, type DecodableGrey, type GreyImage } from '../decode/decodable-image';
import type { CodeCheck } from '../decode/check-code';
import type { RgbaImage } from '../decode/rgba-image';
import { zbarQrReader } from '../decode/zbar-qr-reader';
import { zxingQrReader } from '../decode/zxing-qr-reader';
import { payloadSeed, type GreyEffect } from './grey-effects';
import { tallyProof } from './proof-tally';
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
 * and from all renderings of the set but at most one; reading stops once every verdict is certain
 * (see tallyProof: the clean renderings, the cheapest, are read first, and the counts are those of
 * reading the set in its order). A clean rendering gives each decoder the plane its own library
 * would compute; a rendering with effects applies them to one plane both decoders read.
 */
export async function proveCode(
  subject: ProofSubject,
  set: readonly ProofRendering[] = PROOF_SET,
): Promise<ProvenCheck> {
  const rendered = renderedSet(subject, set);
  const sent = asSentPlanes(subject);
  const readsSent: Record<DecoderName, boolean> = { zbar: false, zxing: false };
  for (const name of DECODERS) readsSent[name] = await readsExpected(name, sent, subject.expected);
  const { passed, read } = await tallyProof({
    decoders: DECODERS,
    renderings: set.length,
    order: readingOrder(subject, set),
    readsSent,
    reads: (name, index) => readsExpected(name, rendered(index), subject.expected),
  });
  return { ...passed, proof: { version: PROOF_VERSION, renderings: set.length + 1, ...read } };
}

/** The set's indices in the order read: the renderings without effects first, each kind in the set's order. */
export function readingOrder(subject: Pick<ProofSubject, 'version'>, set: readonly ProofRendering[]): number[] {
  const clean = (index: number) => renderingEffects(set[index], subject.version).length === 0;
  const indices = set.map((_, index) => index);
  return [...indices.filter(clean), ...indices.filter((index) => !clean(index))];
}

/**
 * The planes of each rendering of the set, drawn when first asked for and kept for the proof: a
 * scale's raster and its grey planes are made once, however many renderings start from them.
 */
function renderedSet(subject: ProofSubject, set: readonly ProofRendering[]): (index: number) => RenderedPlanes {
  const greys = new Map<number, DecodableGrey>();
  const planes = new Map<number, RenderedPlanes>();
  const seed = payloadSeed(subject.expected);
  return (index) => {
    let rendered = planes.get(index);
    if (rendered) return rendered;
    const scale = renderingScale(set[index], subject.version);
    let grey = greys.get(scale);
    if (!grey) greys.set(scale, (grey = decodableGrey(subject.draw(scale))));
    rendered = withEffects(grey, renderingEffects(set[index], subject.version), scale, seed);
    planes.set(index, rendered);
    return rendered;
  };
}

function withEffects(grey: DecodableGrey, effects: readonly GreyEffect[], scale: number, seed: number): RenderedPlanes {
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
  const rendered = renderedSet(subject, set);
  const readings: RenderingReading[] = [];
  for (let index = 0; index <= set.length; index++) {
    const planes = index < set.length ? rendered(index) : asSentPlanes(subject);
    readings.push({
      name: index < set.length ? set[index].name : 'as-sent',
      pxPerModule: planes.modulePixels,
      zbar: await readsExpected('zbar', planes, subject.expected),
      zxing: await readsExpected('zxing', planes, subject.expected),
    });
  }
  return readings;
}
