import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import {
  MODULE_MM,
  parsePrintSize,
  pngPrintFit,
  pngWithDpi,
  printSizePt,
  sceneEps,
  scenePdf,
  vectorPrintFit,
  type PrintFit,
  type PrintSize,
  type PrintTooSmall,
} from '../../lib/print';
import { plainQrScene, QrLevelCapacityError, qrMatrix, qrPng, qrSvg, type QrMatrix } from '../../lib/qr';
import type { QrLevel } from '../../lib/vcard';
import type { QrImageOptions } from './card-query';
import { printSizeOf, type PrintCardQuery } from './print-query';
import { qrImageCapacityError } from './qr-image.service';

/** The files a code can be printed as. */
export type PrintedType = 'png' | 'svg' | 'pdf' | 'eps';

/** What a JSON answer with `size` reports of the code at that size (qr.print). */
export interface QrPrint {
  /** As the request wrote it. */
  size: string;
  /** The module as drawn, in mm, 2 decimals. */
  moduleMm: number;
  /** With `dpi`: the PNG's resolution, which the module size was worked out for. */
  dpi?: number;
  warnings: 'small_modules'[];
  /** With small_modules: the smallest size at which the modules reach 0.40 mm. */
  hint?: string;
}

/** A code drawn as a file at a physical size, and what its headers say. */
export interface PrintedCode {
  file: Buffer;
  headers: Record<string, string>;
}

/** The size of a PDF or EPS without `size`. */
export const DEFAULT_VECTOR_SIZE = parsePrintSize('30mm') as PrintSize;
/** The PNG's resolution with `size` but no `dpi`. */
const DEFAULT_DPI = 300;

/**
 * Codes at a physical size (docs/print.md): the PNG's scale and pHYs, the SVG's size in mm, the
 * one-page PDF and the EPS of the code, all with their module size checked (a warning under
 * 0.40 mm, a 400 under 0.25 mm). Nothing is kept.
 */
@Injectable()
export class PrintImageService {
  /** qr.print of a JSON answer asked with `size`, for the code drawn at `level` with `margin`. */
  report(qrPayload: string, level: QrLevel, margin: number, query: PrintCardQuery): QrPrint {
    const size = printSizeOf(query) as PrintSize;
    const modulesAcross = symbolOf(qrPayload, level).size + 2 * margin;
    const fit = checkedPrintFit(
      query.dpi === undefined ? vectorPrintFit(size, modulesAcross) : pngPrintFit(size, query.dpi, modulesAcross),
    );
    return {
      size: size.text,
      moduleMm: fit.moduleMm,
      ...(query.dpi !== undefined ? { dpi: query.dpi } : {}),
      warnings: fit.warnings,
      ...(fit.recommendedSize !== undefined ? { hint: smallModulesHint(fit.recommendedSize) } : {}),
    };
  }

  /** The file of the code, with QR-Module-Size (and QR-Check-Warnings: small_modules when it applies). */
  async render(
    qrPayload: string,
    type: PrintedType,
    image: QrImageOptions,
    query: PrintCardQuery,
  ): Promise<PrintedCode> {
    if (query.dpi !== undefined && (type === 'pdf' || type === 'eps'))
      throw new ApiError('invalid_query', {
        message: 'The query parameter dpi is invalid: a PDF or EPS is drawn as vectors, at any resolution.',
        hint: 'Leave out dpi for PDF and EPS; size sets their width.',
        details: { parameter: 'dpi', issue: 'invalid_value' },
      });
    const matrix = symbolOf(qrPayload, image.qrLevel);
    const modulesAcross = matrix.size + 2 * image.margin;
    const size = printSizeOf(query);
    if (type === 'png') {
      const dpi = query.dpi ?? DEFAULT_DPI;
      if (size === undefined) {
        // dpi alone only says how large the usual image prints.
        const png = pngWithDpi(qrPng(matrix, image), dpi);
        return { file: png, headers: moduleHeaders({ moduleMm: (image.scale / dpi) * 25.4, warnings: [] }) };
      }
      const fit = checkedPrintFit(pngPrintFit(size, dpi, modulesAcross));
      const png = pngWithDpi(qrPng(matrix, { scale: fit.scale, margin: image.margin }), dpi);
      return { file: png, headers: moduleHeaders(fit) };
    }
    const widthOf = size ?? DEFAULT_VECTOR_SIZE;
    const fit = checkedPrintFit(vectorPrintFit(widthOf, modulesAcross));
    const headers = moduleHeaders(fit);
    if (type === 'svg') return { file: Buffer.from(svgInMm(qrSvg(matrix, image), widthOf), 'utf8'), headers };
    const scene = plainQrScene(matrix, image.margin);
    const widthPt = printSizePt(widthOf);
    const file = type === 'pdf' ? await scenePdf(scene, { widthPt }) : sceneEps(scene, { widthPt });
    return { file, headers };
  }
}

/** The symbol of the payload at exactly `level`; one no version holds is the images' 400. */
function symbolOf(qrPayload: string, level: QrLevel): QrMatrix {
  try {
    return qrMatrix(qrPayload, level);
  } catch (error) {
    if (!(error instanceof QrLevelCapacityError)) throw error;
    throw qrImageCapacityError(error);
  }
}

/** The fit, or the 400 of modules under 0.25 mm, naming the smallest size that succeeds. */
export function checkedPrintFit<Fit extends PrintFit>(fit: Fit | PrintTooSmall): Fit {
  if (!('issue' in fit)) return fit;
  throw new ApiError('invalid_query', {
    message: `The query parameter size is invalid: the code's modules would be under ${MODULE_MM.refused} mm, too small to scan.`,
    hint: `Ask for size=${fit.minimumSize} or more, or print a shorter card (fewer fields, or a lower qrLevel).`,
    details: { parameter: 'size', issue: 'too_small', minimumSize: fit.minimumSize },
  });
}

function smallModulesHint(recommendedSize: string): string {
  return `Modules under ${MODULE_MM.warning} mm may not scan when printed; ${recommendedSize} or more prints them at ${MODULE_MM.warning} mm.`;
}

/** QR-Module-Size (2 decimals) and, under 0.40 mm, small_modules in QR-Check-Warnings. */
export function moduleHeaders(fit: Pick<PrintFit, 'moduleMm' | 'warnings'>): Record<string, string> {
  const headers: Record<string, string> = { 'QR-Module-Size': fit.moduleMm.toFixed(2) };
  if (fit.warnings.length > 0) headers['QR-Check-Warnings'] = fit.warnings.join(',');
  return headers;
}

/** The plain SVG sized in millimetres instead of pixels: its viewBox, and so its drawing, unchanged. */
function svgInMm(svg: string, size: PrintSize): string {
  const mm = `${Number(size.mm.toFixed(4))}mm`;
  return svg.replace(/^<svg ([^>]*?)width="\d+" height="\d+"/, `<svg $1width="${mm}" height="${mm}"`);
}
