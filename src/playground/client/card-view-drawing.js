// What the MCP card view shows of a create_vcard_qr_code result: its code drawn by the service's
// own renderer (src/lib/qr/style, the drawing the playground's style panel previews with), the
// card's name, and the check of a styled code in words.
import QRCode from 'qrcode';
import { judgeQrStyle, sceneSvg, styledQrScene } from '../../lib/qr/style/browser-drawing';

const utf8 = new TextEncoder();
/** The tool's default quiet zone and level (create_vcard_qr_code's margin and qrLevel). */
const DEFAULT_MARGIN = 4;
const DEFAULT_LEVEL = 'M';
const SCALE = 6;
/** judgeQrStyle wants a font even without a caption; it reads it only for one. */
const NO_CAPTION_FONT = { unitsPerEm: 1000, capHeight: 700, outline: () => undefined };

/**
 * The code as SVG text, drawn from the card's qrPayload at the level and version the service drew
 * it (the check's, or the smallest for the level), in the call's style; undefined when the view
 * cannot draw it itself (a caption, whose outlines it does not carry, or a style it does not know).
 */
export function drawCode(card, input) {
  const check = card.qr?.check;
  const style = input?.style;
  if ((check && style === undefined) || style?.frame !== undefined) return undefined;
  const margin = Number.isInteger(input?.margin) ? input.margin : DEFAULT_MARGIN;
  const level = check?.level ?? input?.qrLevel ?? DEFAULT_LEVEL;
  const judged = judgeQrStyle(style ?? {}, { qrLevel: level, margin, font: NO_CAPTION_FONT });
  if (judged.issues.length > 0) return undefined;
  const version = check?.version ?? card.qr?.minVersion?.[level] ?? undefined;
  const segments = [{ data: utf8.encode(card.qrPayload), mode: 'byte' }];
  const symbol = QRCode.create(segments, { errorCorrectionLevel: level, ...(version ? { version } : {}) });
  const matrix = { version: symbol.version, size: symbol.modules.size, modules: symbol.modules.data };
  return sceneSvg(styledQrScene(matrix, judged.style, { margin }), { scale: SCALE });
}

/** A vCard property's first value, unescaped (FN, ORG), from the card's text. */
export function cardValue(vcard, name) {
  const unfolded = String(vcard ?? '').replace(/\r?\n[ \t]/g, '');
  const line = unfolded.split(/\r?\n/).find((text) => new RegExp(`^${name}(;[^:]*)?:`, 'i').test(text));
  if (line === undefined) return '';
  const value = line.slice(line.indexOf(':') + 1).split(/(?<!\\);/)[0];
  return value.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ');
}

/** The code's check in words: the proof of a styled code, or what a plain code is. */
export function checkText(card, input) {
  const check = card.qr?.check;
  const level = check?.level ?? input?.qrLevel ?? DEFAULT_LEVEL;
  const version = check?.version ?? card.qr?.minVersion?.[level];
  if (!check) return `Plain code, version ${version}, level ${level}: black on white, as every phone reads it.`;
  const readers = check.decoders.length > 0 ? `read back by ${check.decoders.join(' and ')}` : 'not read back';
  const proof = check.proof
    ? ` (zbar ${check.proof.zbar} and zxing ${check.proof.zxing} of ${check.proof.renderings} renderings)`
    : '';
  const warnings = check.warnings.length > 0 ? `; warnings: ${check.warnings.join(', ')}` : '';
  return (
    `Styled code, version ${version}, level ${level}${check.levelRaised ? ' (raised for the logo)' : ''}: ` +
    `${readers}${proof}; contrast ${check.contrast}:1${warnings}.`
  );
}
