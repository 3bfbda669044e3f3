import { createHash } from 'node:crypto';
import type { QrScene, SceneFill, SceneGradient, SceneImage } from '../qr/qr-scene';
import { pdfFillColor } from './print-color';
import { shadingParts } from './print-shading';
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
 * scene path, so adjacent modules of a path merge without seams); a path painted by a gradient is
 * a clip of that path filled by a vector shading (`sh`, in the scene's units), never pixels. A logo
 * is embedded once per document however many scenes show it: images are kept by their bytes, and
 * a shading once per gradient.
 */
export class PdfScenePainter {
  private readonly images = new Map<string, PdfImage>();
  private readonly digests = new WeakMap<Uint8Array, string>();
  private readonly shadings = new Map<string, { name: string; ref: PDFKit.PDFKitReference }>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The scene with its top-left corner at (`x`, `y`) points from the page's top-left, `widthPt` wide. */
  paint(scene: QrScene, x: number, y: number, widthPt: number): void {
    const scale = widthPt / scene.width;
    const transform = `${formatNumber(scale)} 0 0 ${formatNumber(scale)} ${formatNumber(x)} ${formatNumber(y)} cm`;
    if (scene.background !== null) {
      const box = `0 0 ${formatNumber(scene.width)} ${formatNumber(scene.height)} re`;
      this.fill(transform, scene.background, box, false);
    }
    for (const shape of scene.shapes) {
      if (shape.kind === 'path') {
        this.fill(transform, shape.fill, scenePathOperators(shape.d), shape.fillRule === 'evenodd');
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

  /** One outline filled with a colour, or clipped and filled by the gradient's shading. */
  private fill(transform: string, fill: SceneFill, outline: string, evenOdd: boolean): void {
    if (typeof fill === 'string') {
      this.doc.addContent(`q ${transform} ${pdfFillColor(fill)} ${outline} ${evenOdd ? 'f*' : 'f'} Q`);
      return;
    }
    this.doc.addContent(`q ${transform} ${outline} ${evenOdd ? 'W*' : 'W'} n /${this.shading(fill)} sh Q`);
  }

  /** The gradient's shading, written once per document and listed in the current page's resources. */
  private shading(gradient: SceneGradient): string {
    const key = JSON.stringify(gradient);
    let shading = this.shadings.get(key);
    if (shading === undefined) {
      const { shadingType, coords, functions, bounds } = shadingParts(gradient);
      const parts = functions.map(({ c0, c1 }) => ({ FunctionType: 2, Domain: [0, 1], C0: c0, C1: c1, N: 1 }));
      const stitched = {
        FunctionType: 3,
        Domain: [0, 1],
        Functions: parts,
        Bounds: bounds,
        Encode: parts.flatMap(() => [0, 1]),
      };
      const ref = this.doc.ref({
        ShadingType: shadingType,
        ColorSpace: 'DeviceRGB',
        Coords: coords,
        Function: parts.length === 1 ? parts[0] : stitched,
        Extend: [true, true],
      });
      ref.end(undefined);
      shading = { name: `QrSh${this.shadings.size + 1}`, ref };
      this.shadings.set(key, shading);
    }
    const resources = (this.doc as unknown as { page: { resources: { data: Record<string, unknown> } } }).page.resources
      .data;
    const listed = (resources.Shading ??= {}) as Record<string, unknown>;
    listed[shading.name] = shading.ref;
    return shading.name;
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
