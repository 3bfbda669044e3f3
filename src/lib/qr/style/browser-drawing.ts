/**
 * The drawing part of styled codes, as the playground bundles it (scripts/build-styled-drawing.mjs):
 * judging a style's values, the scene and its SVG, with captions from the glyph table the build
 * writes from the shipped font. Nothing here imports a Node module, so the page draws exactly
 * what the service draws.
 */
export { captionFontFromTable, type CaptionGlyphTable } from './caption-font';
export { judgeQrStyle } from './judge-qr-style';
export { logoFitIssue, qrLogoFit } from './qr-logo-fit';
export { QR_STYLE_LIMITS } from './qr-style';
export { sceneSvg } from './scene-svg';
export { styledQrScene } from './styled-qr-scene';
