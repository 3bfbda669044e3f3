import type { RgbaImage } from './scene-raster';

/**
 * An RGBA image resized to `width × height` with a tent filter as wide as the scale step (an
 * average of the source pixels a target pixel covers when shrinking, a linear blend when growing),
 * in premultiplied alpha so that transparent pixels lend no colour to their neighbours.
 */
export function resampleRgba(image: RgbaImage, width: number, height: number): RgbaImage {
  const premultiplied = new Float32Array(image.width * image.height * 4);
  for (let offset = 0; offset < premultiplied.length; offset += 4) {
    const alpha = image.data[offset + 3] / 255;
    premultiplied[offset] = image.data[offset] * alpha;
    premultiplied[offset + 1] = image.data[offset + 1] * alpha;
    premultiplied[offset + 2] = image.data[offset + 2] * alpha;
    premultiplied[offset + 3] = image.data[offset + 3];
  }
  const horizontal = resampleAxis(premultiplied, image.width, image.height, width, true);
  const both = resampleAxis(horizontal, width, image.height, height, false);
  const data = new Uint8Array(width * height * 4);
  for (let offset = 0; offset < data.length; offset += 4) {
    const alpha = both[offset + 3];
    if (alpha < 0.5) continue;
    data[offset] = clamp((both[offset] * 255) / alpha);
    data[offset + 1] = clamp((both[offset + 1] * 255) / alpha);
    data[offset + 2] = clamp((both[offset + 2] * 255) / alpha);
    data[offset + 3] = clamp(alpha);
  }
  return { width, height, data };
}

/** One pass of the separable filter: along rows (`horizontal`) or columns, from `from` to `to` pixels. */
function resampleAxis(
  source: Float32Array,
  width: number,
  height: number,
  to: number,
  horizontal: boolean,
): Float32Array {
  const from = horizontal ? width : height;
  const lines = horizontal ? height : width;
  const [outWidth, outHeight] = horizontal ? [to, height] : [width, to];
  const out = new Float32Array(outWidth * outHeight * 4);
  const step = from / to;
  const radius = Math.max(1, step);
  for (let target = 0; target < to; target++) {
    const centre = (target + 0.5) * step;
    const first = Math.max(0, Math.floor(centre - radius));
    const last = Math.min(from - 1, Math.ceil(centre + radius));
    const weights: number[] = [];
    let total = 0;
    for (let index = first; index <= last; index++) {
      const weight = Math.max(0, 1 - Math.abs(index + 0.5 - centre) / radius);
      weights.push(weight);
      total += weight;
    }
    for (let line = 0; line < lines; line++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let index = first; index <= last; index++) {
        const weight = weights[index - first] / total;
        if (weight === 0) continue;
        const offset = (horizontal ? line * width + index : index * width + line) * 4;
        r += source[offset] * weight;
        g += source[offset + 1] * weight;
        b += source[offset + 2] * weight;
        a += source[offset + 3] * weight;
      }
      const offset = (horizontal ? line * outWidth + target : target * outWidth + line) * 4;
      out[offset] = r;
      out[offset + 1] = g;
      out[offset + 2] = b;
      out[offset + 3] = a;
    }
  }
  return out;
}

function clamp(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}
