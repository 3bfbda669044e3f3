import { createHash } from 'node:crypto';
import type { QrScene, SceneImage } from '../qr/qr-scene';
import { pdfFillColor } from './print-color';
import { formatNumber, scenePathOperators } from './scene-path-operators';
import { pdfLogoFile } from './scene-logo-raster';

/** An image PDFKit has read once and embeds on first use (its `openImage`, missing from the typings). */
interface PdfImage {
  width: number;
  height: number;
}
type ImageOpener = { openImage(file: Buffer): PdfImage };

/**
 * Draws QR scenes onto a PDFKit document as vector paths in raw content operators (one fill per
 * scene path, so adjacent modules of a path merge without seams). A logo is embedded once per
 * document however many scenes show it: images are kept by their bytes.
 */
export class PdfScenePainter {
  private readonly images = new Map<string, PdfImage>();
  private readonly digests = new WeakMap<Uint8Array, string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The scene with its top-left corner at (`x`, `y`) points from the page's top-left, `widthPt` wide. */
  paint(scene: QrScene, x: number, y: number, widthPt: number): void {
    const scale = widthPt / scene.width;
    const transform = `${formatNumber(scale)} 0 0 ${formatNumber(scale)} ${formatNumber(x)} ${formatNumber(y)} cm`;
    if (scene.background !== null) {
      const box = `0 0 ${formatNumber(scene.width)} ${formatNumber(scene.height)} re`;
      this.doc.addContent(`q ${transform} ${pdfFillColor(scene.background)} ${box} f Q`);
    }
    for (const shape of scene.shapes) {
      if (shape.kind === 'path') {
        const fill = shape.fillRule === 'evenodd' ? 'f*' : 'f';
        this.doc.addContent(`q ${transform} ${pdfFillColor(shape.fill)} ${scenePathOperators(shape.d)} ${fill} Q`);
      } else {
        const box = {
          x: x + shape.x * scale,
          y: y + shape.y * scale,
          width: shape.width * scale,
          height: shape.height * scale,
        };
        // PDFKit's image() takes an opened image as well as a file; the typings know only the file.
        const image = this.image(shape, box.width, box.height) as unknown as Buffer;
        this.doc.image(image, box.x, box.y, {
          fit: [box.width, box.height],
          align: 'center',
          valign: 'center',
        });
      }
    }
  }

  private image(shape: SceneImage, widthPt: number, heightPt: number): PdfImage {
    let digest = this.digests.get(shape.data);
    if (digest === undefined) {
      digest = createHash('sha256').update(shape.data).digest('hex');
      this.digests.set(shape.data, digest);
    }
    // An SVG is drawn to pixels for its box, so its size is part of what makes it the same image.
    const size = shape.mediaType === 'image/svg+xml' ? ` ${widthPt.toFixed(2)}x${heightPt.toFixed(2)}` : '';
    const key = `${shape.mediaType} ${digest}${size}`;
    let image = this.images.get(key);
    if (image === undefined) {
      image = (this.doc as unknown as ImageOpener).openImage(pdfLogoFile(shape, widthPt, heightPt));
      this.images.set(key, image);
    }
    return image;
  }
}
