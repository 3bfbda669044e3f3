import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { declareQuery } from '../../core/validation/query-declaration';
import type { ContactFields } from '../../lib/contact';
import { printSizePt, sceneEps, scenePdf, vectorPrintFit } from '../../lib/print';
import { plainQrScene, qrMatrix } from '../../lib/qr';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { styledQrScene } from '../../lib/qr/style/styled-qr-scene';
import { qrImageOptions } from '../vcard/card-query';
import { checkedPrintFit, DEFAULT_VECTOR_SIZE, moduleHeaders } from '../vcard/print-image.service';
import { PRINT_PARAMETERS, printSizeOf, withPrintRules } from '../vcard/print-query';
import { qrCheckHeaders } from './qr-check-report';
import { isPlainStyle, judgeStyle } from './qr-style-checks';
import { QRCODE_QUERY, type QrCodeQuery } from './qrcode-query';
import { QrCodesService } from './qrcodes.service';

/** POST /v1/qrcodes's checked query with a print size. */
export type QrCodePrintQuery = QrCodeQuery & { size?: string };

/** POST /v1/qrcodes: the code's parameters and, for a PDF or EPS, its printed width. */
export const QRCODE_PRINT_QUERY = withPrintRules(
  declareQuery<QrCodePrintQuery>({ ...QRCODE_QUERY.rule.fields, size: PRINT_PARAMETERS.size }),
);

/** Pixels a module the readability check reads a PDF's or an EPS's code at. */
const CHECK_SCALE = 4;

/**
 * A contact's code, plain or styled, as a PDF or an EPS: the card and the check are the PNG path's
 * (a styled code drawn at 4 pixels a module and read back by both decoders on the render pool),
 * then the same scene is written as vectors at the printed width.
 */
@Injectable()
export class QrCodePrints {
  constructor(private readonly codes: QrCodesService) {}

  async file(
    contact: ContactFields,
    style: QrStyle | undefined,
    query: QrCodePrintQuery,
    type: 'pdf' | 'eps',
  ): Promise<{ file: Buffer; headers: Record<string, string> }> {
    const { size, ...codeQuery } = query;
    const answer = await this.codes.create({
      contact,
      style,
      query: { ...codeQuery, scale: CHECK_SCALE },
      image: 'png',
    });
    const { margin } = qrImageOptions(query);
    const matrix = qrMatrix(answer.result.qrPayload, answer.check.level);
    const scene = isPlainStyle(style)
      ? plainQrScene(matrix, margin)
      : styledQrScene(matrix, judgeStyle(style as QrStyle, { qrLevel: query.qrLevel, margin }).style!, { margin });
    const width = printSizeOf({ size }) ?? DEFAULT_VECTOR_SIZE;
    const fit = checkedPrintFit(vectorPrintFit(width, matrix.size + 2 * margin));
    const widthPt = printSizePt(width);
    const file = type === 'pdf' ? await scenePdf(scene, { widthPt }) : sceneEps(scene, { widthPt });
    const checkHeaders = qrCheckHeaders(answer.check);
    const printHeaders = moduleHeaders(fit);
    const warnings = [checkHeaders['QR-Check-Warnings'], printHeaders['QR-Check-Warnings']].filter(Boolean);
    return {
      file,
      headers: {
        ...checkHeaders,
        ...printHeaders,
        ...(warnings.length > 0 ? { 'QR-Check-Warnings': warnings.join(',') } : {}),
      },
    };
  }
}

/** `size` sets a PDF's or an EPS's width on this route; an image or JSON answer refuses it. */
export function sizeWithoutPrint(): ApiError {
  return new ApiError('invalid_query', {
    message: 'The query parameter size is invalid: on POST /v1/qrcodes it sets the width of a PDF or an EPS.',
    hint: 'Ask for Accept: application/pdf or application/postscript with size, or leave size out.',
    details: { parameter: 'size', issue: 'invalid_value' },
  });
}
