// The readability check of a styled code is the service's: POST v1/qrcodes with the card's contact
// and the panel's style draws the code and answers it only when two decoders read it back to exactly
// the card (`qr.check`). The page shows what the check found beside the preview, in words, and the
// downloads save what the service checked: the PNG of that answer, or the SVG the service draws
// and checks the same way, or the PDF. A refused style is explained where its value was set
// (style-refusal.js).
import { qrFileSlug } from '../../lib/qr/qr-file-slug';
import { formattedName } from '../../lib/vcard/formatted-name';
import { clearStyleIssues, readStyle, styleLevel } from './style-panel';
import { decoderName, PROOF_WORDS, reportRefusal, showProblem } from './style-refusal';

const $ = (id) => document.getElementById(id);
const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

const WARNINGS = {
  quiet_zone: 'The margin is narrower than 4 modules; leave white space around the printed code.',
  contrast: 'The contrast is under 4.5:1: some scanners may struggle in poor light.',
  transparent: 'The background is transparent: print or place it on a light surface.',
  dense: 'The code is dense: print it large, not on a small label.',
};

/** The files the service draws and checks besides the JSON answer's PNG: query type, Accept, extension. */
const FILES = {
  svg: { type: 'svg', accept: 'image/svg+xml', extension: 'svg' },
  pdf: { type: undefined, accept: 'application/pdf', extension: 'pdf' },
};

/** What the panel checked last: its request and its answer, or nothing. */
let checked = null;

/** Takes the check and its downloads off the screen (the style or the card changed). */
export function clearCheck() {
  checked = null;
  $('style-report').hidden = true;
  $('style-facts').replaceChildren();
  showProblem('');
  $('style-status').textContent = '';
}

function fact(text) {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

/** What the proof read, in words: `{renderings, zbar, zxing}` counts the file as sent among the renderings. */
function proofFact(proof) {
  const counts =
    proof.zbar === proof.zxing
      ? `${proof.zbar} of the ${proof.renderings}`
      : `${proof.zbar} (ZBar) and ${proof.zxing} (ZXing) of the ${proof.renderings}`;
  return `Proven as a phone would see it: ${PROOF_WORDS}, and as the file itself; each decoder read ${counts} (all but one must read, the file itself among them).`;
}

function showReport(answer) {
  const check = answer.qr.check;
  const decoders = check.decoders.map(decoderName);
  const facts = [
    `Read back to exactly this card by ${listFormat.format(decoders)}.`,
    ...(check.proof ? [proofFact(check.proof)] : []),
    check.levelRaised ? `Level ${check.level}, raised for the logo.` : `Level ${check.level}.`,
    `Contrast ${check.contrast}:1${check.contrast >= 4.5 ? '' : ' (4.5:1 or more reads best)'}.`,
    `Quiet zone of ${check.quietZone} modules.`,
    ...(check.versionRaised
      ? [`Drawn at version ${check.version}, larger than the card needs, so the logo leaves enough of the code.`]
      : []),
  ].map(fact);
  if (check.logoShare > 0) facts.push(fact(`The logo covers ${(check.logoShare * 100).toFixed(1)}% of the code.`));
  for (const warning of check.warnings) facts.push(fact(WARNINGS[warning] || warning));
  $('style-facts').replaceChildren(...facts);
  $('style-report').hidden = false;
}

/** The request of a styled code of `card` ({url, body}: the card request on screen) as `type`. */
function styledRequest(card, type) {
  const url = new URL(card.url);
  const query = new URLSearchParams(url.search);
  // The tag is the card's business, not the image's.
  query.delete('nfc');
  if (!query.has('qrLevel') && styleLevel()) query.set('qrLevel', styleLevel());
  if (type) query.set('type', type);
  return {
    url: new URL(`v1/qrcodes?${query}`, document.baseURI).href,
    body: JSON.stringify({ contact: JSON.parse(card.body), style: readStyle() }),
  };
}

function fileStem(vcard) {
  return qrFileSlug(formattedName(vcard.replace(/\r\n[ \t]/g, '')));
}

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks the service to draw and check the style on `card`; shows the check, or why it failed. */
export async function runCheck(card) {
  clearCheck();
  clearStyleIssues();
  const button = $('style-check');
  button.disabled = true;
  $('style-status').textContent = 'Checking…';
  const request = styledRequest(card, 'png');
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: request.body,
    });
    const body = await response.json().catch(() => null);
    $('style-status').textContent = '';
    if (!response.ok) return reportRefusal(response, body);
    checked = { card, answer: body };
    showReport(body);
    $('style-status').textContent =
      'Checked: the service read the styled code back to this card, at three sizes, blurred, tilted, and as a compressed photo in uneven light.';
  } catch {
    $('style-status').textContent = '';
    showProblem('The service could not be reached. Check that it is running, then try again.');
  } finally {
    button.disabled = false;
  }
}

/** The checked PNG, as the service answered it. */
export function downloadStyledPng() {
  if (!checked) return;
  const { answer } = checked;
  const bytes = Uint8Array.from(atob(answer.image.data), (character) => character.charCodeAt(0));
  save(new Blob([bytes], { type: 'image/png' }), `${fileStem(answer.vcard)}.png`);
}

/** The SVG or the PDF (`kind`) of the same style, drawn and checked by the service (an image answer). */
export async function downloadStyledFile(kind) {
  if (!checked) return;
  const file = FILES[kind];
  const request = styledRequest(checked.card, file.type);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: file.accept },
      body: request.body,
    });
    if (!response.ok) return reportRefusal(response, await response.json().catch(() => null));
    save(await response.blob(), `${fileStem(checked.answer.vcard)}.${file.extension}`);
  } catch {
    showProblem('The service could not be reached. Check that it is running, then try again.');
  }
}
