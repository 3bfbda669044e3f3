import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { declareQuery } from '../../core/validation/query-declaration';
import type { ContactFields } from '../../lib/contact';
import {
  pngPrintFit,
  pngWithDpi,
  printSizePt,
  sceneEps,
  scenePdf,
  vectorPrintFit,
  type PrintFit,
  type PrintSize,
} from '../../lib/print';
import { plainQrScene, qrMatrix } from '../../lib/qr';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { styledQrScene } from '../../lib/qr/style/styled-qr-scene';
import { qrImageOptions } from '../vcard/card-query';
import {
  checkedPrintFit,
  DEFAULT_VECTOR_SIZE,
  moduleHeaders,
  PrintImageService,
  type QrPrint,
} from '../vcard/print-image.service';
import { PRINT_PARAMETERS, printSizeOf, withPrintRules } from '../vcard/print-query';
import { qrCheckHeaders } from './qr-check-report';
import { isPlainStyle, judgeStyle } from './qr-style-checks';
import { QRCODE_QUERY, type QrCodeQuery } from './qrcode-query';
import { QrCodesService, type QrCodeAnswer } from './qrcodes.service';

/** POST /v1/qrcodes's checked query with a print size and resolution. */
export type QrCodePrintQuery = QrCodeQuery & { size?: string; dpi?: number };

/** POST /v1/qrcodes: the code's parameters, its printed width and a PNG's resolution. */
export const QRCODE_PRINT_QUERY = withPrintRules(
  declareQuery<QrCodePrintQuery>({ ...QRCODE_QUERY.rule.fields, ...PRINT_PARAMETERS }),
);

/** A PNG's resolution with `size` but no `dpi`, as on POST /v1/vcard. */
const DEFAULT_DPI = 300;

/** An image (or JSON) answer at a physical size: the code, its headers, and JSON's qr.print. */
export interface PrintedImageAnswer {
  answer: QrCodeAnswer;
  headers: Record<string, string>;
  print?: QrPrint;
}

/** Pixels a module a plain PDF's or EPS's code is drawn at on the way (its image is not used). */
const CHECK_SCALE = 4;

/**
 * A contact's code, plain or styled, as a PDF or an EPS: the card, the version and the proof are
 * the PNG path's (the same renderings of the same scene, so the same verdict), then that scene is
 * written as vectors at the printed width.
 */
@Injectable()
export class QrCodePrints {
  constructor(
    private readonly codes: QrCodesService,
    private readonly prints: PrintImageService,
  ) {}

  /**
   * A PNG, an SVG or JSON with `size` or `dpi`, as POST /v1/vcard answers them: the PNG at the
   * largest whole scale that fits `size` at `dpi` (300 by default), with pHYs; the SVG `size` wide
   * in mm (30mm with `dpi` alone); JSON with qr.print when `size` is given and its image drawn as
   * its type would be. A styled code is checked at the scale it is drawn at.
   */
  async image(
    contact: ContactFields,
    style: QrStyle | undefined,
    query: QrCodePrintQuery,
    representation: 'png' | 'svg' | 'json',
  ): Promise<PrintedImageAnswer> {
    const { size: _size, dpi: _dpi, ...codeQuery } = query;
    const image = representation === 'json' ? (query.type ?? 'png') : representation;
    const size = printSizeOf(query);
    const dpi = query.dpi ?? DEFAULT_DPI;
    let fit: PrintFit | undefined;
    const fitScale =
      image === 'png' && size !== undefined
        ? (modulesAcross: number) => {
            const fitted = checkedPrintFit(pngPrintFit(size, dpi, modulesAcross));
            fit = fitted;
            return fitted.scale;
          }
        : undefined;
    const answer = await this.codes.create({ contact, style, query: codeQuery, image, fitScale });
    const drawn = answer.image;
    if (image === 'png') {
      drawn.file = pngWithDpi(drawn.file, dpi);
      fit ??= { moduleMm: (qrImageOptions(query).scale / dpi) * 25.4, warnings: [] };
    } else {
      const width = size ?? DEFAULT_VECTOR_SIZE;
      const scale = qrImageOptions(query).scale;
      fit = checkedPrintFit(vectorPrintFit(width, drawn.width / scale));
      drawn.file = Buffer.from(svgInMm(drawn.file.toString('utf8'), width, drawn.height / drawn.width), 'utf8');
    }
    const print =
      representation === 'json' && size !== undefined
        ? this.prints.report(answer.result.qrPayload, answer.check.level, qrImageOptions(query).margin, query)
        : undefined;
    return { answer, headers: withCheckHeaders(qrCheckHeaders(answer.check), moduleHeaders(fit)), print };
  }

  async file(
    contact: ContactFields,
    style: QrStyle | undefined,
    query: QrCodePrintQuery,
    type: 'pdf' | 'eps',
  ): Promise<{ file: Buffer; headers: Record<string, string> }> {
    if (query.dpi !== undefined) throw dpiWithVector();
    const { size, dpi: _dpi, ...codeQuery } = query;
    // A styled code is proven as its PNG and SVG are, at the query's scale (one verdict for the body);
    // only its SVG is drawn, the cheaper file, and left: the vectors below are drawn from the same scene.
    const plain = isPlainStyle(style);
    const answer = await this.codes.create({
      contact,
      style,
      query: plain ? { ...codeQuery, scale: CHECK_SCALE } : codeQuery,
      image: plain ? 'png' : 'svg',
    });
    const { margin } = qrImageOptions(query);
    const matrix = qrMatrix(answer.result.qrPayload, answer.check.level, answer.check.version);
    const scene = plain
      ? plainQrScene(matrix, margin)
      : styledQrScene(matrix, judgeStyle(style as QrStyle, { qrLevel: query.qrLevel, margin }).style!, { margin });
    const width = printSizeOf({ size }) ?? DEFAULT_VECTOR_SIZE;
    const fit = checkedPrintFit(vectorPrintFit(width, matrix.size + 2 * margin));
    const widthPt = printSizePt(width);
    const file = type === 'pdf' ? await scenePdf(scene, { widthPt }) : sceneEps(scene, { widthPt });
    return { file, headers: withCheckHeaders(qrCheckHeaders(answer.check), moduleHeaders(fit)) };
  }
}

/** The check's headers and the print's, their QR-Check-Warnings joined. */
function withCheckHeaders(check: Record<string, string>, print: Record<string, string>): Record<string, string> {
  const warnings = [check['QR-Check-Warnings'], print['QR-Check-Warnings']].filter(Boolean);
  return { ...check, ...print, ...(warnings.length > 0 ? { 'QR-Check-Warnings': warnings.join(',') } : {}) };
}

/** An SVG, plain or styled, `size` wide in mm and as high as its drawing says: its viewBox unchanged. */
function svgInMm(svg: string, size: PrintSize, heightPerWidth: number): string {
  const mm = (value: number) => `${Number(value.toFixed(4))}mm`;
  return svg.replace(
    /^<svg ([^>]*?)width="[\d.]+" height="[\d.]+"/,
    `<svg $1width="${mm(size.mm)}" height="${mm(size.mm * heightPerWidth)}"`,
  );
}

/** `dpi` is a PNG's: a PDF or an EPS is vectors, as on POST /v1/vcard. */
function dpiWithVector(): ApiError {
  return new ApiError('invalid_query', {
    message: 'The query parameter dpi is invalid: a PDF or EPS is drawn as vectors, at any resolution.',
    hint: 'Leave out dpi for PDF and EPS; size sets their width.',
    details: { parameter: 'dpi', issue: 'invalid_value' },
  });
}
