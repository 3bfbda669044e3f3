// The result side of the page: one answer of the service (a VCardResponse) as its QR code, drawn
// with the npm `qrcode` library from qrPayload's UTF-8 bytes in byte mode (never Latin-1 or
// Shift_JIS: the segment is given as bytes with mode 'byte'), its fit, the text it encodes, the
// .vcf text and its downloads; or nothing. A failed request clears it, so what is on screen, and what a download
// saves, is never an older contact's.
import QRCode from 'qrcode';
import { qrFileSlug } from '../../lib/qr/qr-file-slug';
import { formattedName } from '../../lib/vcard/formatted-name';
import { clearNfc, downloadNdef, showNfc, tagName } from './nfc-view';

/** The quiet zone the QR specification asks for, in modules. */
const MARGIN = 4;
const DOWNLOAD_BUTTONS = ['download-vcf', 'download-png', 'download-svg'];
/** Room left between the result and the viewport's edge when the page scrolls to it, in CSS pixels. */
const REVEAL_GAP = 8;

const $ = (id) => document.getElementById(id);
const utf8 = new TextEncoder();

/** What is on screen: the answer, the request that produced it, and the level it is drawn at. */
let shown = null;

function qrSegments(payload) {
  return [{ data: utf8.encode(payload), mode: 'byte' }];
}

function moduleScale(size) {
  return Math.max(2, Math.min(8, Math.floor(320 / (size + 2 * MARGIN))));
}

async function drawQr(payload, level) {
  const symbol = QRCode.create(qrSegments(payload), { errorCorrectionLevel: level });
  const scale = moduleScale(symbol.modules.size);
  await QRCode.toCanvas($('qr'), qrSegments(payload), { errorCorrectionLevel: level, margin: MARGIN, scale });
  return symbol.version;
}

function showFit(qr, nfc, level, version) {
  $('fit-bytes').textContent = String(qr.bytes);
  for (const cell of document.querySelectorAll('#fit td[data-level]')) {
    const minimum = qr.minVersion[cell.dataset.level];
    cell.textContent = minimum === null ? 'does not fit' : String(minimum);
    cell.classList.toggle('chosen', cell.dataset.level === level);
  }
  const list = $('warnings');
  list.replaceChildren();
  for (const warning of qr.warnings) {
    const item = document.createElement('li');
    item.textContent = typeof warning === 'string' ? warning : warning.message || JSON.stringify(warning);
    list.append(item);
  }
  $('qr-caption').textContent = `QR version ${version}, level ${level}, ${qr.bytes} bytes of UTF-8 in byte mode`;
  const omitted = qr.omitted || [];
  const where = nfc ? `the QR code and the ${tagName(nfc.tag)}` : 'the QR code';
  $('omitted').textContent =
    omitted.length > 0 ? `Left out of ${where} (still in the .vcf): ${omitted.join(', ')}.` : '';
}

function setDownloadsEnabled(enabled) {
  for (const id of DOWNLOAD_BUTTONS) $(id).disabled = !enabled;
}

/** Takes the result off the screen: no code, no vCard, no download. */
export function clearResult() {
  shown = null;
  $('output').hidden = true;
  const canvas = $('qr');
  canvas.width = 0;
  canvas.height = 0;
  for (const id of ['payload', 'payload-bytes', 'vcard', 'vcard-bytes', 'qr-caption', 'fit-bytes', 'omitted'])
    $(id).textContent = '';
  $('warnings').replaceChildren();
  for (const cell of document.querySelectorAll('#fit td[data-level]')) cell.textContent = '';
  setDownloadsEnabled(false);
  clearNfc();
}

/**
 * Shows `result`, the answer to `request` ({url, body}), drawn at error-correction `level`.
 * Returns false, with the screen cleared, when no QR code holds it at that level.
 */
export async function showResult(result, request, level) {
  let version;
  try {
    version = await drawQr(result.qrPayload, level);
  } catch {
    clearResult();
    return false;
  }
  shown = { result, request, level };
  // The text shown is the text encoded; the .vcf, which differs (folded, and whole), is labelled as the file.
  $('payload').textContent = result.qrPayload;
  $('payload-bytes').textContent = String(utf8.encode(result.qrPayload).length);
  $('vcard').textContent = result.vcard;
  $('vcard-bytes').textContent = String(utf8.encode(result.vcard).length);
  showFit(result.qr, result.nfc, level, version);
  showNfc(result.nfc);
  $('output').hidden = false;
  setDownloadsEnabled(true);
  return true;
}

/**
 * Brings the result into sight after Create or an import, from its heading down to the code (or
 * to the problem, when there is no code), and gives the heading the focus, so neither the eye nor
 * a screen reader is left where the button was. A result already wholly in sight does not move;
 * otherwise the page scrolls by the least that shows it, smoothly unless the reader asks for less
 * motion.
 */
export function revealResult() {
  const heading = $('result-title');
  heading.focus({ preventScroll: true });
  const top = heading.getBoundingClientRect().top;
  const bottom = ($('output').hidden ? $('problem') : $('qr')).getBoundingClientRect().bottom;
  if (top >= 0 && bottom <= innerHeight) return;
  const by = top < 0 ? top - REVEAL_GAP : Math.min(bottom - innerHeight + REVEAL_GAP, top - REVEAL_GAP);
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  scrollBy({ top: by, behavior: still ? 'auto' : 'smooth' });
}

/** The file name stem of the card on screen: the service's one rule, on the name the card holds. */
function fileStem() {
  return qrFileSlug(formattedName(shown.result.vcard.replace(/\r\n[ \t]/g, '')));
}

function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function filenameFrom(disposition, fallback) {
  const match = /filename="([^"]+)"/.exec(disposition || '');
  return match ? match[1] : fallback;
}

/**
 * The .vcf of the contact on screen, from the service itself (the same request, with
 * Accept: text/vcard). Resolves to the failed Response, if it fails, for the caller to report.
 */
export async function downloadVcf() {
  if (!shown) return null;
  const { url, body } = shown.request;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/vcard' },
    body,
  });
  if (!response.ok) return response;
  saveBlob(await response.blob(), filenameFrom(response.headers.get('Content-Disposition'), 'contact.vcf'));
  return null;
}

export async function downloadPng() {
  if (!shown) return;
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, qrSegments(shown.result.qrPayload), {
    errorCorrectionLevel: shown.level,
    margin: MARGIN,
    scale: 10,
  });
  canvas.toBlob((blob) => saveBlob(blob, `${fileStem()}.png`), 'image/png');
}

export async function downloadSvg() {
  if (!shown) return;
  const svg = await QRCode.toString(qrSegments(shown.result.qrPayload), {
    type: 'svg',
    errorCorrectionLevel: shown.level,
    margin: MARGIN,
  });
  saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileStem()}.svg`);
}

/** The tag content (.ndef) of the card on screen; the failed Response, if it fails. */
export function downloadTagContent() {
  return shown ? downloadNdef(shown.request, saveBlob) : Promise.resolve(null);
}
