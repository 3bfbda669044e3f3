import { declareQuery } from '../../core/validation/query-declaration';
import type { ChoiceRule } from '../../lib/contact';
import { CARD_PARAMETERS, IMAGE_PARAMETERS, type CardImageQuery } from '../vcard/card-query';

/** The image types a code is drawn as. */
export type QrCodeImageType = 'png' | 'svg';

/** POST /v1/qrcodes: a card's parameters (no NFC tag), an image's, and the image type of a JSON answer. */
export type QrCodeQuery = Omit<CardImageQuery, 'nfc'> & { type?: QrCodeImageType };

const { nfc: _tag, ...CODE_CARD_PARAMETERS } = CARD_PARAMETERS;

/** The query of POST /v1/qrcodes (and the arguments of the create_vcard_qr_code tool besides the contact and style). */
export const QRCODE_QUERY = declareQuery<QrCodeQuery>({
  ...CODE_CARD_PARAMETERS,
  ...IMAGE_PARAMETERS,
  type: {
    kind: 'choice',
    values: ['png', 'svg'],
    default: 'png',
    description: 'The image type inside a JSON answer (image.data): png or svg. Image answers follow Accept.',
  } satisfies ChoiceRule,
});
