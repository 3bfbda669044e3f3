import type { SceneFill, SceneGradient } from '../qr-scene';
import { sceneNumber as num } from './scene-path-builder';

/**
 * The SVG paint of the fills of one document: a colour as itself, a gradient as `url(#id)` of a
 * `<linearGradient>` or `<radialGradient>` in scene units (`gradientUnits="userSpaceOnUse"`, so it
 * is laid over the picture as the scene lays it, not over each path's box). An id is a hash of the
 * gradient's own text: the same gradient gives the same id in every document (two codes inlined in
 * one page share only identical gradients), and one definition serves every path that uses it.
 */
export class SvgGradients {
  private readonly definitions = new Map<string, string>();

  paint(fill: SceneFill): string {
    if (typeof fill === 'string') return fill;
    const body = gradientElement(fill);
    const id = `qrg-${fnv1a(body)}`;
    if (!this.definitions.has(id)) this.definitions.set(id, body.replace('<ID>', id));
    return `url(#${id})`;
  }

  /** The `<defs>` of every gradient painted, in the order first painted; empty when none was. */
  defs(): string {
    return this.definitions.size === 0 ? '' : `<defs>${[...this.definitions.values()].join('')}</defs>`;
  }
}

function gradientElement(gradient: SceneGradient): string {
  const stops = gradient.stops
    .map(({ offset, color }) => `<stop offset="${num(offset)}" stop-color="${color}"/>`)
    .join('');
  if (gradient.kind === 'radial') {
    const { cx, cy, r } = gradient;
    return `<radialGradient id="<ID>" gradientUnits="userSpaceOnUse" cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}">${stops}</radialGradient>`;
  }
  const { x1, y1, x2, y2 } = gradient;
  return `<linearGradient id="<ID>" gradientUnits="userSpaceOnUse" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${stops}</linearGradient>`;
}

/** 32-bit FNV-1a of a text's UTF-16 units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
