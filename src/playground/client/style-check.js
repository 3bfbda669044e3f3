// The readability check of a styled code is the service's: POST v1/qrcodes with the card's contact
// and the panel's style draws the code and answers it only when two decoders read it back to exactly
// the card (`qr.check`). The page shows what the check found beside the preview, in words, and the
// downloads save what the service checked: the PNG of that answer, or the SVG the service draws
// and checks the same way. A refused style is explained where its value was set.
import { qrFileSlug } from '../../lib/qr/qr-file-slug';
import { formattedName } from '../../lib/vcard/formatted-name';
import { clearStyleIssues, markStyleIssue, readStyle, styleLevel } from './style-panel';

const $ = (id) => document.getElementById(id);
const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

const WARNINGS = {
  quiet_zone: 'The margin is narrower than 4 modules; leave white space around the printed code.',
  contrast: 'The contrast is under 4.5:1: some scanners may struggle in poor light.',
  transparent: 'The background is transparent: print or place it on a light surface.',
  dense: 'The code is dense: print it large, not on a small label.',
};

const CAUSES = {
  low_contrast: 'the colours are too close to each other',
  logo: 'the logo hides part of the code',
  modules: 'rounded or dotted shapes are harder for scanners',
  quiet_zone: 'the margin is narrow',
  transparent: 'the background is transparent',
};

/** What the panel checked last: its request and its answer, or nothing. */
let checked = null;

function problem(text) {
  $('style-problem').textContent = text;
}

/** Takes the check and its downloads off the screen (the style or the card changed). */
export function clearCheck() {
  checked = null;
  $('style-report').hidden = true;
  $('style-facts').replaceChildren();
  problem('');
  $('style-status').textContent = '';
}

/** The proof in a person's words: what the service reads every styled code from before it sends it. */
const PROOF_WORDS = 'read at three sizes, blurred, tilted, and as a compressed photo in uneven light';

function decoderName(name) {
  return name === 'zxing' ? 'ZXing' : name === 'zbar' ? 'ZBar' : name;
}

/** What the proof read, in words: `{renderings, zbar, zxing}` counts the file as sent among the renderings. */
function proofFact(proof) {
  if (!proof) return 'Read from the file as sent.';
  const counts =
    proof.zbar === proof.zxing
      ? `${proof.zbar} of the ${proof.renderings}`
      : `${proof.zbar} (ZBar) and ${proof.zxing} (ZXing) of the ${proof.renderings}`;
  return `Proven as a phone would see it: ${PROOF_WORDS}, and as the file itself; each decoder read ${counts} (all but one must read, the file itself among them).`;
}

function fact(text) {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

function showReport(answer) {
  const check = answer.qr.check;
  const decoders = check.decoders.map(decoderName);
  const facts = [
    fact(`Read back to exactly this card by ${listFormat.format(decoders)}.`),
    fact(proofFact(check.proof)),
    fact(check.levelRaised ? `Level ${check.level}, raised for the logo.` : `Level ${check.level}.`),
    fact(`Contrast ${check.contrast}:1${check.contrast >= 4.5 ? '' : ' (4.5:1 or more reads best)'}.`),
    fact(`Quiet zone of ${check.quietZone} modules.`),
  ];
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
  query.set('type', type);
  return {
    url: new URL(`v1/qrcodes?${query}`, document.baseURI).href,
    body: JSON.stringify({ contact: JSON.parse(card.body), style: readStyle() }),
  };
}

/** A refusal in a person's words; invalid_style marks each value at its control. */
function reportRefusal(response, body) {
  const error = body && body.error;
  if (!error) return problem(`The service answered ${response.status} without an error body.`);
  if (error.code === 'invalid_style') {
    const fields = (error.details && error.details.fields) || [];
    const elsewhere = fields.filter((issue) => !markStyleIssue(issue.field, issue.message));
    const first = document.querySelector('#style-form [aria-invalid="true"]');
    if (first) first.focus();
    return problem(
      ['The service refused a style value; each is marked where it is set.', ...elsewhere.map((i) => i.message)].join(
        ' ',
      ),
    );
  }
  if (error.code === 'qr_unreadable') {
    const decoders = error.details.decoders || {};
    const failed = Object.keys(decoders).filter((name) => !decoders[name]);
    const causes = (error.details.causes || []).map((cause) => CAUSES[cause] || cause);
    return problem(
      `This style did not scan: ${listFormat.format(failed.map(decoderName))} could not read the code back from the file and from all but one of its proof renderings (${PROOF_WORDS}), so the service did not send it.` +
        (causes.length > 0 ? ` Likely because ${listFormat.format(causes)}.` : '') +
        ` ${error.hint}`,
    );
  }
  if (error.code === 'renderer_busy' || response.status === 429) {
    const wait = Number(response.headers.get('Retry-After')) || 1;
    return problem(`The service is busy. Try again in ${wait} second${wait === 1 ? '' : 's'}.`);
  }
  return problem(`${error.message} ${error.hint}`);
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
    problem('The service could not be reached. Check that it is running, then try again.');
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

/** The SVG of the same style, drawn and checked by the service (an image answer). */
export async function downloadStyledSvg() {
  if (!checked) return;
  const request = styledRequest(checked.card, 'svg');
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'image/svg+xml' },
      body: request.body,
    });
    if (!response.ok) return reportRefusal(response, await response.json().catch(() => null));
    save(await response.blob(), `${fileStem(checked.answer.vcard)}.svg`);
  } catch {
    problem('The service could not be reached. Check that it is running, then try again.');
  }
}
