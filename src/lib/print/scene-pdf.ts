import type { QrScene } from '../qr/qr-scene';
import { deterministicPdf, pdfBytes } from './pdf-document';
import { PdfScenePainter } from './pdf-scene-painter';

/** Options of a one-code PDF. */
export interface ScenePdfOptions {
  /** The picture's width in points: the code with its quiet zone. A frame band adds height only. */
  widthPt: number;
}

/**
 * A one-page PDF of the scene: its MediaBox is `widthPt` wide and as high as the scene's aspect
 * makes it; modules are vector paths, black is pure K, a transparent scene paints no background.
 * The same scene and width give the same bytes.
 */
export function scenePdf(scene: QrScene, { widthPt }: ScenePdfOptions): Promise<Buffer> {
  const heightPt = (widthPt * scene.height) / scene.width;
  const doc = deterministicPdf('QR code');
  doc.addPage({ size: [widthPt, heightPt], margin: 0 });
  new PdfScenePainter(doc).paint(scene, 0, 0, widthPt);
  return pdfBytes(doc);
}
