import { declareQuery } from '../../core/validation/query-declaration';
import type { QrLevel } from '../../lib/vcard';
import { CARD_PARAMETERS, IMAGE_PARAMETERS } from '../vcard/card-query';
import type { QrImageType } from '../vcard/qr-image.service';

/** GET /v1/batches/{id}/items: a page of outcomes. */
export const BATCH_ITEMS_QUERY = declareQuery<{ limit?: number; cursor?: string }>({
  limit: { kind: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Items per page.' },
  cursor: {
    kind: 'text',
    max: 200,
    verbatim: true,
    description: "A previous page's pagination.next_cursor, unchanged.",
  },
});

/** GET /v1/batches/{id}/codes.zip: how every image is drawn. */
export const BATCH_CODES_QUERY = declareQuery<{
  type?: QrImageType;
  qrLevel?: QrLevel;
  scale?: number;
  margin?: number;
}>({
  type: { kind: 'choice', values: ['png', 'svg'], default: 'png', description: 'Image format of the codes.' },
  qrLevel: CARD_PARAMETERS.qrLevel,
  ...IMAGE_PARAMETERS,
});
