export { captionFontFromTable, type CaptionFont, type CaptionGlyphTable, type GlyphOutline } from './caption-font';
export { judgeQrStyle, type QrStyleJudgeOptions, type QrStyleJudgement } from './judge-qr-style';
export { notoCaptionFont } from './noto-caption-font';
export { logoFitIssue, qrLogoFit, qrLogoModules, LOGO_DAMAGE_SHARE, type QrLogoFit } from './qr-logo-fit';
export {
  QR_FINDER_SHAPES,
  QR_FRAME_POSITIONS,
  QR_LOGO_MEDIA_TYPES,
  QR_MODULE_SHAPES,
  QR_STYLE_LIMITS,
  type QrFinderShape,
  type QrFramePosition,
  type QrLogoMediaType,
  type QrModuleShape,
  type QrStyle,
  type QrStyleIssue,
  type QrStyleIssueWord,
  type QrStyleWarning,
  type ResolvedQrStyle,
} from './qr-style';
export { rgbaPng } from './rgba-png';
export { sceneRaster, type RgbaImage } from './scene-raster';
export { scenePng, sceneRgba } from './scene-png';
export { sceneSvg, type SceneSvgSize } from './scene-svg';
export { judgeServiceQrStyle } from './service-qr-style';
export { styledQrScene, type StyledSceneOptions } from './styled-qr-scene';
