// The playground: a client of the public API like any other. It sends POST v1/vcard from the
// browser and shows the answer; no framework. Bundled by scripts/build-playground.mjs (esbuild)
// into dist/playground/playground.js. One module per part of the page: the form's "More fields"
// (more-fields.js), what went wrong and where (form-errors.js), the result and its downloads
// (result-view.js); this one wires them to the form, the templates and the curl command.
import { clearProblems, fieldLabel, reportError, reportProblem } from './form-errors';
import { setupImport, showReport } from './import-card';
import { setupScan } from './scan-image';
import { buildMoreFields, fillMoreFields, FLAT_FIELDS as FIELDS, readMoreFields } from './more-fields';
import { clearCheck, downloadStyledFile, downloadStyledPng, runCheck } from './style-check';
import { setStyledCard, setupStylePanel } from './style-panel';
import {
  clearResult,
  downloadPng,
  downloadSvg,
  downloadTagContent,
  downloadVcf,
  revealResult,
  showResult,
} from './result-view';

const $ = (id) => document.getElementById(id);
const api = (path) => new URL(path, document.baseURI).href;

/** The templates offered, by id, and the last answer with the request that produced it. */
const state = { templates: new Map(), last: null };

/** The request body: the filled fields only, as typed (the service trims and cleans). */
function readContact() {
  const contact = {};
  for (const field of FIELDS) {
    const value = $(`f-${field}`).value;
    if (value.trim() !== '') contact[field] = value;
  }
  return readMoreFields(contact);
}

/** The form filled with `contact`, as the API answered it; every field it lacks emptied. */
function fillForm(contact) {
  for (const field of FIELDS) $(`f-${field}`).value = contact[field] ?? '';
  fillMoreFields(contact);
}

function requestUrl() {
  const query = new URLSearchParams();
  if ($('template').value) query.set('template', $('template').value);
  if ($('format').value) query.set('format', $('format').value);
  if ($('fit-version').value) {
    query.set('qrVersion', $('fit-version').value);
    query.set('qrLevel', $('level').value);
  }
  if ($('nfc').value) query.set('nfc', $('nfc').value);
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

/** Shows the last answer at the chosen level, or says why it cannot be drawn there; true once shown. */
async function render() {
  if (!state.last) return false;
  const level = $('level').value;
  const shown = await showResult(state.last.result, state.last.request, level);
  reportProblem(shown ? '' : `This card does not fit a QR code at level ${level}; choose a lower level.`);
  // The style panel draws the card at its own level, unless a budget fixed the form's.
  const budgeted = new URL(state.last.request.url).searchParams.has('qrLevel');
  setStyledCard({ qrPayload: state.last.result.qrPayload, level: budgeted ? level : undefined });
  return shown;
}

/** Anything but a new result takes the old one off the screen. */
function failed() {
  state.last = null;
  clearResult();
  setStyledCard(null);
  $('status').textContent = '';
}

async function create(event) {
  event.preventDefault();
  clearProblems();
  const button = $('create');
  button.disabled = true;
  $('status').textContent = 'Creating…';
  const request = { url: requestUrl(), body: JSON.stringify(readContact()) };
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: request.body,
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      failed();
      reportError(response, body, state.templates);
      return;
    }
    state.last = { result: body, request };
    $('status').textContent = (await render()) ? 'Created: the QR code below holds the vCard.' : '';
    // A person pressed Create (or Enter in a field): the result is shown to them. A card made again
    // because an option changed leaves the focus on that option.
    if (event.submitter) revealResult();
  } catch {
    failed();
    reportProblem('The service could not be reached. Check that it is running, then press Create again.');
  } finally {
    button.disabled = false;
  }
}

/** A download from the service (`fetchFile` resolves to the failed Response, if any), its failure reported. */
async function saveFromService(fetchFile) {
  clearProblems();
  try {
    const failure = await fetchFile();
    if (failure) reportError(failure, await failure.json().catch(() => null), state.templates);
  } catch {
    reportProblem('The service could not be reached. Check that it is running, then try again.');
  }
}

function markRequired(template) {
  const required = new Set(['fullName', ...(template ? template.requiredFields : [])]);
  for (const field of FIELDS) {
    const input = $(`f-${field}`);
    const badge = input.parentElement.querySelector('.required');
    if (required.has(field)) input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
    badge.hidden = !required.has(field);
  }
  $('template-use').textContent = template
    ? `${template.useCase} Required: ${template.requiredFields.map(fieldLabel).join(', ')}.`
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

/**
 * Import: the service's contact fills the form; the card on screen is the one it answered, and its
 * downloads send that contact as JSON, which gives the same card.
 */
function wireImport() {
  // A code's contact fills the form as an imported card does; Create then makes its card.
  const scanImage = setupScan({
    onContact: (code) => {
      clearProblems();
      showReport(code.import, `the code’s ${code.content === 'mecard' ? 'MECARD' : 'vCard'}`);
      fillForm(code.import.contact);
      updateCurl();
      $('card-form').requestSubmit();
    },
    onProblem: (text) => reportProblem(text),
    onFailed: (response, body) => reportError(response, body, state.templates),
  });
  setupImport({
    onImage: (file) => void scanImage(file),
    requestUrl,
    onStart: (text) => {
      clearProblems();
      $('status').textContent = text;
    },
    onImported: async (result, contact) => {
      fillForm(contact);
      updateCurl();
      state.last = { result, request: { url: requestUrl(), body: JSON.stringify(contact) } };
      $('status').textContent = (await render()) ? 'Imported: the form holds the contact, the QR code its card.' : '';
      revealResult();
    },
    // A refused file is said under the result's heading, brought into sight like a result, unless
    // the answer marked a control, which then has the focus.
    onFailed: (response, body) => {
      failed();
      reportError(response, body, state.templates);
      if (!document.querySelector('#card-form [aria-invalid="true"]')) revealResult();
    },
    onRefused: (text) => {
      $('status').textContent = '';
      reportProblem(text);
      revealResult();
    },
    onProblem: (text) => {
      $('status').textContent = '';
      reportProblem(text);
    },
  });
}

document.addEventListener('DOMContentLoaded', () => {
  buildMoreFields($('more-fields'));
  clearResult();
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
  // The tag shapes the card (what fits it), so a card on screen, or one the last tag could not
  // hold, is made again for the new tag.
  $('nfc').addEventListener('change', () => {
    updateCurl();
    if (state.last || $('nfc').getAttribute('aria-invalid') === 'true') $('card-form').requestSubmit();
  });
  $('download-vcf').addEventListener('click', () => void saveFromService(downloadVcf));
  $('download-ndef').addEventListener('click', () => void saveFromService(downloadTagContent));
  $('download-png').addEventListener('click', () => void downloadPng());
  $('download-svg').addEventListener('click', () => void downloadSvg());
  $('copy-curl').addEventListener('click', () => void copyCurl());
  setupStylePanel((previewed) => {
    clearCheck();
    $('style-check').disabled = !previewed;
  });
  $('style-check').addEventListener('click', () => state.last && void runCheck(state.last.request));
  $('style-download-png').addEventListener('click', downloadStyledPng);
  $('style-download-svg').addEventListener('click', () => void downloadStyledFile('svg'));
  $('style-download-pdf').addEventListener('click', () => void downloadStyledFile('pdf'));
  wireImport();
  updateCurl();
  void loadTemplates();
});
