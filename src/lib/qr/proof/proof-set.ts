import { blur, compress, keystone, light, noise, type GreyEffect } from './grey-effects';

/**
 * The proof set's version: it changes whenever a row below does, so answers and golden tests show
 * that the codes were judged by another set.
 */
export const PROOF_VERSION = 1;

/** One rendering of a code's scene: drawn at `pxPerModule`, then each effect in order. */
export interface ProofRendering {
  name: string;
  /** What the rendering stands for, in a user's words (the docs list the table in them). */
  what: string;
  pxPerModule: number;
  effects: readonly GreyEffect[];
  /**
   * From a version on, where a plain code of that version would miss the rendering as it is: more
   * pixels a module, or milder effects (a plain code's ZBar misses an 8 % keystone from about
   * version 20 at 5 to 8 pixels a module alike, and reads 4 %). The last step a version reaches holds.
   */
  largeCodes?: ReadonlyArray<{
    fromVersion: number;
    pxPerModule?: number;
    effects?: readonly GreyEffect[];
    what: string;
  }>;
}

/**
 * The renderings every styled code is read from, besides the file as sent; in the order they are
 * read, the cheapest first, so a verdict that is certain early costs the least. Each is drawn from
 * the scene, anti-aliased by each pixel's exact covered area (a box filter of the vector drawing)
 * over the light colour (white when transparent).
 */
export const PROOF_SET: readonly ProofRendering[] = [
  { name: 'small', what: 'clean, 3 pixels a module', pxPerModule: 3, effects: [] },
  { name: 'medium', what: 'clean, 4 pixels a module', pxPerModule: 4, effects: [] },
  { name: 'blurred', what: '4 pixels a module, out of focus (blur σ 0.8 px)', pxPerModule: 4, effects: [blur(0.8)] },
  {
    name: 'photo',
    what: '4 pixels a module, 30 % darker in one corner, sensor noise (σ 4 grey levels), JPEG quality 70',
    pxPerModule: 4,
    effects: [light(0.3), noise(4), compress(70)],
  },
  {
    name: 'tilted',
    what: '5 pixels a module, seen at an angle (one side 8 % shorter), blur σ 0.6 px',
    pxPerModule: 5,
    effects: [keystone(0.08), blur(0.6)],
    largeCodes: [
      { fromVersion: 19, effects: [keystone(0.04), blur(0.6)], what: 'one side 4 % shorter' },
      {
        fromVersion: 35,
        effects: [keystone(0.03), blur(0.6)],
        what: 'one side 3 % shorter',
      },
    ],
  },
  { name: 'large', what: 'clean, 6 pixels a module', pxPerModule: 6, effects: [] },
];

/** The step of `largeCodes` a code of `version` takes, if any. */
function stepFor(rendering: ProofRendering, version: number) {
  return rendering.largeCodes?.filter((step) => version >= step.fromVersion).at(-1);
}

/** The pixels a module a rendering takes for a code of `version`. */
export function renderingScale(rendering: ProofRendering, version: number): number {
  return stepFor(rendering, version)?.pxPerModule ?? rendering.pxPerModule;
}

/** The effects a rendering applies to a code of `version`. */
export function renderingEffects(rendering: ProofRendering, version: number): readonly GreyEffect[] {
  return stepFor(rendering, version)?.effects ?? rendering.effects;
}
