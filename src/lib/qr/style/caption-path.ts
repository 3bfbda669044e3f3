import type { QrStyleCaption } from './qr-style';
import { ScenePathBuilder } from './scene-path-builder';

/** Where a caption goes: the box it is centred in, in module units, and its largest em size. */
export interface CaptionBox {
  x: number;
  y: number;
  width: number;
  height: number;
  em: number;
}

/**
 * The caption's outlines as one scene path: characters side by side at their advance widths
 * (no kerning or shaping, so that the browser's table and the server's font draw the same),
 * centred in the box on the capital height, shrunk to fit its width. Quadratic segments become
 * the equal cubic ones, since scenes have no Q.
 */
export function captionPath(caption: QrStyleCaption, box: CaptionBox): string {
  const advance = caption.glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
  const em = Math.min(box.em, (box.width * caption.unitsPerEm) / Math.max(advance, 1));
  const scale = em / caption.unitsPerEm;
  const baseline = box.y + (box.height + caption.capHeight * scale) / 2;
  let penX = box.x + (box.width - advance * scale) / 2;
  const path = new ScenePathBuilder();
  for (const glyph of caption.glyphs) {
    drawOutline(
      path,
      glyph.d,
      (x) => penX + x * scale,
      (y) => baseline - y * scale,
    );
    penX += glyph.advance * scale;
  }
  return path.toString();
}

function drawOutline(path: ScenePathBuilder, d: string, toX: (x: number) => number, toY: (y: number) => number): void {
  const tokens = d.split(' ');
  let x = 0;
  let y = 0;
  let index = 0;
  const next = (): number => Number(tokens[index++]);
  while (index < tokens.length) {
    const command = tokens[index++];
    if (command === 'M' || command === 'L') {
      x = next();
      y = next();
      if (command === 'M') path.moveTo(toX(x), toY(y));
      else path.lineTo(toX(x), toY(y));
    } else if (command === 'Q') {
      const [qx, qy, ex, ey] = [next(), next(), next(), next()];
      path.curveTo(
        toX(x + ((qx - x) * 2) / 3),
        toY(y + ((qy - y) * 2) / 3),
        toX(ex + ((qx - ex) * 2) / 3),
        toY(ey + ((qy - ey) * 2) / 3),
        toX(ex),
        toY(ey),
      );
      [x, y] = [ex, ey];
    } else if (command === 'C') {
      const [x1, y1, x2, y2, ex, ey] = [next(), next(), next(), next(), next(), next()];
      path.curveTo(toX(x1), toY(y1), toX(x2), toY(y2), toX(ex), toY(ey));
      [x, y] = [ex, ey];
    } else if (command === 'Z') {
      path.close();
    }
  }
}
