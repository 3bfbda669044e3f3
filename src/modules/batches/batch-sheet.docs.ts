import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { CONTACT_SHEET_FIELDS } from '../../lib/contact';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { RATE_LIMIT_HEADERS_DOC } from '../vcard/card-route-docs';

/** The declared sheet lines in words: "its fullName large, its title and organization smaller". */
const SHEET_LINES_DOC = `its ${CONTACT_SHEET_FIELDS[0]} large, its ${CONTACT_SHEET_FIELDS.slice(1).join(' and ')} smaller`;

/** The OpenAPI description of GET /v1/batches/{batchId}/sheet.pdf. */
export function BatchSheetDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'downloadBatchSheet',
      summary: 'Download a print sheet of every successful contact of a batch, as one PDF',
      description: [
        `Each successful contact, in input order, fills one item of the layout (failed contacts leave no hole): ${SHEET_LINES_DOC} (shrunk to fit, then cut with …), and its QR code (qrPayload in the batch format) in the code box of the layout. Cards sit 2 × 5 edge to edge, centred, with bleed and crop marks; labels follow the published Avery grids (docs/print.md).`,
        'Fitted to print: every code keeps modules of at least 0.40 mm. A card too dense for the code box has properties left out in the QR budget order until it fits; with fit=auto (the default), a card the budget cannot fit becomes a MECARD of the name and what fits of the rest (the text lines printed beside the code go first), so a four-field contact (a name, a company, a phone and an email) fits every layout; with fit=exact, or when even the name does not fit, it is left out of the sheet. The last page, "Report", lists each affected contact by index with how its card was fitted (trimmed, or turned to MECARD) and what was left out, by field, or why it is missing, and each contact whose text line could not be printed (a character no shipped font has: the line is left out, never drawn as a box). The QR-Sheet-Report header gives the counts before the first byte; fitted, missing and textless all 0: no report page.',
        'Text is real, selectable text in the fonts the service ships (Noto Sans for Latin, Greek and Cyrillic; Noto Sans JP, SC and KR), embedded as subsets. The same batch, layout and fit give the same bytes. Streamed page by page: memory does not grow with the batch. 409 batch_not_finished while the batch runs. Costs one request of the rate budget; a client streams at most BATCH_MAX_ACTIVE_PER_CLIENT sheets and ZIPs at once.',
      ].join('\n\n'),
    }),
    ApiParam({ name: 'batchId', example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB' }),
    ApiProduces('application/pdf'),
    ApiOkResponse({
      description: 'A PDF, streamed.',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      headers: {
        'Content-Disposition': {
          description: 'attachment; filename="<batch id>-<layout>.pdf"',
          schema: { type: 'string' },
        },
        'QR-Sheet-Report': {
          description:
            'fitted=<n>, missing=<n>, textless=<n>: contacts whose card was shortened to fit (trimmed or turned to MECARD), left out, or printed without a text line; with fit=auto, then as-is=<n>, trimmed=<n>, mecard=<n>: the printed contacts fitted as they are, trimmed by the QR budget, or turned to MECARD.',
          schema: { type: 'string', example: 'fitted=2, missing=0, textless=0, as-is=28, trimmed=1, mecard=1' },
        },
        ...RATE_LIMIT_HEADERS_DOC,
      },
    }),
    ApiErrorResponses(
      'batch_not_found',
      'batch_not_finished',
      'invalid_query',
      'too_many_downloads',
      'rate_limited',
      'service_unavailable',
    ),
  );
}
