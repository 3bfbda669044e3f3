// Import: a .vcf dropped on the page, pasted into the drop zone, or chosen with the file picker is
// sent as it is (Content-Type: text/vcard) to POST v1/vcard, which reads it, keeps what the contact
// rules accept and answers the card with `import {version, contact, leftOut}`. The page never reads
// the card itself: the service's answer fills the form, and its report says what was left out and
// why. A file larger than the service takes is refused here, before anything is sent.

const $ = (id) => document.getElementById(id);
const sizeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** The vCard body limit the service was started with (written into the page), 2 MiB if missing. */
function bodyLimit() {
  const limit = Number(document.body.dataset.vcardBodyLimit);
  return Number.isInteger(limit) && limit > 0 ? limit : 2 * 1024 * 1024;
}

/** 2 MiB, 512 KiB, 300 bytes: sizes as a person reads them. */
export function byteSize(bytes) {
  if (bytes >= 1024 * 1024) return `${sizeFormat.format(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${sizeFormat.format(bytes / 1024)} KiB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/** Why a property of the card is not in the contact, in a person's words (the answer's reason words). */
const REASONS = {
  unsupported: 'the form has no field for it',
  inline_photo: 'a photo inside the card; the form keeps a photo URL only',
  format: 'its value is not in a form the field takes',
  too_long: 'its value is longer than the field takes',
  invalid_value: 'its value was refused by the field’s rule',
  too_many: 'the form holds no more of these',
  no_year: 'a birthday without its year',
};

const FAILURES = {
  too_many_contacts: (error) =>
    `This file holds ${error.details.cards} cards; the playground imports one at a time. Export that one contact, or send the whole file to POST /v1/batches.`,
  payload_too_large: (error) =>
    `This file is larger than the service takes (${byteSize(error.details.maxBytes)}). Export the one contact without its photo.`,
};

function clearReport() {
  $('import-summary').textContent = '';
  $('left-out').replaceChildren();
}

/** What the import kept and left out, in file order. */
export function showReport(report, name) {
  const count = Object.keys(report.contact).length;
  const leftOut = report.leftOut;
  $('import-summary').textContent =
    `Imported ${name}, a vCard ${report.version}: ${count} field${count === 1 ? '' : 's'} filled` +
    (leftOut.length > 0 ? `; left out:` : '; nothing left out.');
  $('left-out').replaceChildren(
    ...leftOut.map((item) => {
      const entry = document.createElement('li');
      const property = document.createElement('code');
      property.textContent = item.property;
      entry.append(property, ` (line ${item.line}): ${REASONS[item.reason] || item.reason}.`);
      return entry;
    }),
  );
}

/**
 * Sends one file (or pasted card) to the service and hands the answer to `handlers` (setupImport's):
 * a file over `limit` or empty is refused here, before anything is sent.
 */
async function importCard(blob, name, limit, { requestUrl, onStart, onImported, onFailed, onRefused }) {
  clearReport();
  if (blob.size > limit) {
    onRefused(
      `${name} is ${byteSize(blob.size)}; the service takes a contact file of at most ${byteSize(limit)}. Nothing was sent.`,
    );
    return;
  }
  if (blob.size === 0) {
    onRefused(`${name} is empty. Nothing was sent.`);
    return;
  }
  onStart(`Importing ${name}…`);
  try {
    const response = await fetch(requestUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'text/vcard', Accept: 'application/json' },
      body: blob,
    });
    const body = await response.json().catch(() => null);
    const failure = body && body.error && FAILURES[body.error.code];
    if (!response.ok && failure) onRefused(failure(body.error));
    else if (!response.ok && body && body.error && body.error.code === 'invalid_vcard')
      onRefused(`${name} could not be imported: ${body.error.message} Export the contact again from the address book.`);
    else if (!response.ok) onFailed(response, body);
    else {
      showReport(body.import, name);
      await onImported(body, body.import.contact);
    }
  } catch {
    onRefused('The service could not be reached. Check that it is running, then try again.');
  }
}

const fileOf = (transfer) => (transfer && transfer.files && transfer.files.length > 0 ? transfer.files[0] : null);

/**
 * A file dropped anywhere on the page is imported, never opened by the browser in the page's
 * place; text dragged into a field is left to the field.
 */
function importDropped(zone, importFile) {
  const carriesFiles = (event) => Boolean(event.dataTransfer && [...event.dataTransfer.types].includes('Files'));
  document.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    zone.classList.add('dragging');
  });
  document.addEventListener('dragleave', (event) => {
    if (event.relatedTarget === null) zone.classList.remove('dragging');
  });
  document.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    zone.classList.remove('dragging');
    const file = fileOf(event.dataTransfer);
    if (file) importFile(file, file.name);
  });
}

/** A paste into a field stays that field's; anywhere else (the drop zone first) a card is imported. */
function importPasted(zone, importFile, onProblem) {
  document.addEventListener('paste', (event) => {
    if (event.target !== zone && event.target.closest('input, textarea, select, [contenteditable]')) return;
    const file = fileOf(event.clipboardData);
    const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    if (!file && !/BEGIN:VCARD/i.test(text)) {
      if (event.target === zone)
        onProblem('The clipboard holds no vCard: copy a .vcf file, or the text of one (BEGIN:VCARD … END:VCARD).');
      return;
    }
    event.preventDefault();
    if (file) importFile(file, file.name);
    else importFile(new Blob([text], { type: 'text/vcard' }), 'the pasted card');
  });
}

/** A file chosen with the picker is imported; the same file chosen again is imported again. */
function importPicked(importFile) {
  const picker = $('vcf-file');
  picker.addEventListener('change', () => {
    const file = picker.files[0];
    if (file) importFile(file, file.name);
    picker.value = '';
  });
}

/**
 * Wires the drop zone, paste and the file picker. `requestUrl()` is the form's request URL (its
 * template, format, budget and tag); `onImported(result, contact)` takes the answer and the
 * imported contact; `onFailed(response, body)` an answer that is not a card; `onRefused(text)` a
 * file that was not imported, in words; `onProblem(text)` a paste that held no card; `onImage(file)`
 * an image dropped or pasted (read for its codes, scan-image.js).
 */
export function setupImport(handlers) {
  const limit = bodyLimit();
  $('import-limit').textContent = byteSize(limit);
  const importFile = (blob, name) => void importCard(blob, name, limit, handlers);
  // An image dropped or pasted is read for its codes; any other file is imported as a card.
  const takeFile = (blob, name) => (blob.type.startsWith('image/') ? handlers.onImage(blob) : importFile(blob, name));
  const zone = $('drop-zone');
  importDropped(zone, takeFile);
  importPasted(zone, takeFile, handlers.onProblem);
  importPicked(importFile);
}
