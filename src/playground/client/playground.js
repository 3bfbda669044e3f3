// The playground: a client of the public API like any other. It sends POST v1/vcard from the
// browser and draws qrPayload with the npm `qrcode` library, from its UTF-8 bytes in byte mode
// (never Latin-1 or Shift_JIS: the segment is given as bytes with mode 'byte'). Bundled by
// scripts/build-playground.mjs (esbuild) into dist/playground/playground.js; no framework.
import QRCode from 'qrcode';
import { buildMoreFields, FLAT_FIELDS as FIELDS, readMoreFields } from './more-fields';

const LABELS = {
  fullName: 'Full name',
  organization: 'Organization',
  title: 'Title',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  address: 'Address',
  note: 'Note',
};
/** The quiet zone the QR specification asks for, in modules. */
const MARGIN = 4;

const $ = (id) => document.getElementById(id);
const api = (path) => new URL(path, document.baseURI).href;
const utf8 = new TextEncoder();

const state = { templates: new Map(), last: null };

function fieldInput(field) {
  return $(`f-${field}`);
}

/** The request body: the filled fields only, as typed (the service trims and cleans). */
function readContact() {
  const contact = {};
  for (const field of FIELDS) {
    const value = fieldInput(field).value;
    if (value.trim() !== '') contact[field] = value;
  }
  return readMoreFields(contact);
}

function requestUrl() {
  const query = new URLSearchParams();
  if ($('template').value) query.set('template', $('template').value);
  if ($('format').value) query.set('format', $('format').value);
  if ($('fit-version').value) {
    query.set('qrVersion', $('fit-version').value);
    query.set('qrLevel', $('level').value);
  }
  const search = query.toString();
  return api(search ? `v1/vcard?${search}` : 'v1/vcard');
}

function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function updateCurl() {
  const body = JSON.stringify(readContact());
  $('curl').textContent =
    `curl -X POST ${shellQuote(requestUrl())} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`;
}

function clearProblems() {
  $('problem').textContent = '';
  for (const input of document.querySelectorAll('#card-form [aria-invalid]')) input.removeAttribute('aria-invalid');
  for (const slot of document.querySelectorAll('#card-form .message')) slot.textContent = '';
}

function markField(field, message) {
  const input = fieldInput(field);
  if (!input) return false;
  // A field inside "More fields" is shown before it is marked.
  const more = input.closest('details');
  if (more) more.open = true;
  input.setAttribute('aria-invalid', 'true');
  const slot = $(`m-${field}`);
  slot.textContent = slot.textContent ? `${slot.textContent} ${message}` : message;
  return true;
}

/** Shows an Error-shape answer: fields marked where the service names them, the rest as an alert. */
function showError(response, body) {
  const error = body && body.error;
  if (!error) {
    $('problem').textContent = `The service answered ${response.status} without an error body.`;
    return;
  }
  const marked = [];
  const fields = (error.details && error.details.fields) || [];
  for (const issue of fields) if (markField(issue.field, issue.message)) marked.push(issue.field);
  const missing = (error.details && error.details.missingFields) || [];
  const template = state.templates.get(error.details && error.details.template);
  for (const field of missing) {
    if (
      markField(field, `${LABELS[field] || field} is required by the ${template ? template.name : 'chosen'} template.`)
    )
      marked.push(field);
  }
  let text = `${error.message} ${error.hint}`;
  if (response.status === 429) {
    const retry = Number(response.headers.get('Retry-After'));
    const wait = Number.isFinite(retry) && retry > 0 ? `${retry} second${retry === 1 ? '' : 's'}` : 'a moment';
    text = `Too many requests: this address has used its rate limit. Try again in ${wait}. (${error.message})`;
  }
  if (fields.length > marked.length && error.details && error.details.fieldCount > fields.length) {
    text += ` ${error.details.fieldCount - fields.length} more issue(s) not listed.`;
  }
  $('problem').textContent = text;
  if (marked.length > 0) fieldInput(marked[0]).focus();
}

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

function showFit(qr, level, version) {
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
  $('omitted').textContent =
    omitted.length > 0 ? `Left out of the QR code (still in the .vcf): ${omitted.join(', ')}.` : '';
}

async function render() {
  if (!state.last) return;
  const level = $('level').value;
  const { qrPayload, qr, vcard } = state.last;
  $('vcard').textContent = vcard;
  let version;
  try {
    version = await drawQr(qrPayload, level);
  } catch {
    $('problem').textContent = `This card does not fit a QR code at level ${level}; choose a lower level.`;
    return;
  }
  showFit(qr, level, version);
  $('output').hidden = false;
}

async function create(event) {
  event.preventDefault();
  clearProblems();
  const button = $('create');
  button.disabled = true;
  $('status').textContent = 'Creating…';
  try {
    const response = await fetch(requestUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(readContact()),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      $('status').textContent = '';
      showError(response, body);
      return;
    }
    state.last = body;
    await render();
    $('status').textContent = 'Created: the QR code below holds the vCard.';
  } catch {
    $('status').textContent = '';
    $('problem').textContent = 'The service could not be reached. Check that it is running, then press Create again.';
  } finally {
    button.disabled = false;
  }
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

/** The .vcf comes from the service itself, through Accept: text/vcard. */
async function downloadVcf() {
  clearProblems();
  try {
    const response = await fetch(requestUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/vcard' },
      body: JSON.stringify(readContact()),
    });
    if (!response.ok) {
      showError(response, await response.json().catch(() => null));
      return;
    }
    saveBlob(await response.blob(), filenameFrom(response.headers.get('Content-Disposition'), 'contact.vcf'));
  } catch {
    $('problem').textContent = 'The service could not be reached. Check that it is running, then try again.';
  }
}

async function downloadPng() {
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, qrSegments(state.last.qrPayload), {
    errorCorrectionLevel: $('level').value,
    margin: MARGIN,
    scale: 10,
  });
  canvas.toBlob((blob) => saveBlob(blob, 'contact-qr.png'), 'image/png');
}

async function downloadSvg() {
  const svg = await QRCode.toString(qrSegments(state.last.qrPayload), {
    type: 'svg',
    errorCorrectionLevel: $('level').value,
    margin: MARGIN,
  });
  saveBlob(new Blob([svg], { type: 'image/svg+xml' }), 'contact-qr.svg');
}

function markRequired(template) {
  const required = new Set(['fullName', ...(template ? template.requiredFields : [])]);
  for (const field of FIELDS) {
    const input = fieldInput(field);
    const badge = input.parentElement.querySelector('.required');
    if (required.has(field)) input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
    badge.hidden = !required.has(field);
  }
  $('template-use').textContent = template
    ? `${template.useCase} Required: ${template.requiredFields.map((f) => LABELS[f] || f).join(', ')}.`
    : '';
}

/** Every page of GET v1/templates, following next_cursor. */
async function loadTemplates() {
  const select = $('template');
  let cursor = null;
  try {
    do {
      const url = api(`v1/templates?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) return;
      const page = await response.json();
      for (const template of page.data) {
        state.templates.set(template.id, template);
        select.append(new Option(template.name, template.id));
      }
      cursor = page.pagination.has_more ? page.pagination.next_cursor : null;
    } while (cursor);
  } catch {
    // The form works without templates.
  }
}

async function copyCurl() {
  const text = $('curl').textContent;
  try {
    await navigator.clipboard.writeText(text);
    $('status').textContent = 'curl command copied.';
  } catch {
    const range = document.createRange();
    range.selectNodeContents($('curl'));
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    $('status').textContent = 'Press Ctrl+C (or ⌘C) to copy the selected curl command.';
  }
}

document.addEventListener('DOMContentLoaded', () => {
  buildMoreFields($('more-fields'));
  $('card-form').addEventListener('submit', create);
  $('card-form').addEventListener('input', updateCurl);
  $('template').addEventListener('change', () => {
    markRequired(state.templates.get($('template').value));
    updateCurl();
  });
  // With a QR budget the level shapes the card itself, so the card is made again.
  $('level').addEventListener('change', () => {
    updateCurl();
    if ($('fit-version').value && state.last) $('card-form').requestSubmit();
    else void render();
  });
  for (let version = 1; version <= 40; version++) $('fit-version').append(new Option(String(version), String(version)));
  for (const id of ['format', 'fit-version']) $(id).addEventListener('change', updateCurl);
  $('download-vcf').addEventListener('click', () => void downloadVcf());
  $('download-png').addEventListener('click', () => void downloadPng());
  $('download-svg').addEventListener('click', () => void downloadSvg());
  $('copy-curl').addEventListener('click', () => void copyCurl());
  updateCurl();
  void loadTemplates();
});
