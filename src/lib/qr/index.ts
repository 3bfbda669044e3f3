export { qrFileSlug } from './qr-file-slug';
export { QrLevelCapacityError, qrMatrix, type QrMatrix } from './qr-matrix';
export { qrPng, type QrRaster } from './qr-png';
export { qrSvg } from './qr-svg';
export {
  plainQrScene,
  type QrScene,
  type SceneColor,
  type SceneImage,
  type ScenePath,
  type SceneShape,
} from './qr-scene';
