export { checkCode, type CodeCheck } from './check-code';
export { MAX_DECODED_SIDE } from './decodable-image';
export { decodeQr, prepareQrDecoders, type QrDecodings } from './decode-qr';
export type { RgbaImage } from './rgba-image';
export type { QrReadOptions } from './qr-reader';
