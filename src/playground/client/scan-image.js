// Read a code: an image dropped on the page, pasted (focus the zone, Ctrl+V, or anywhere outside a
// field) or chosen with the picker is sent as it is to POST v1/scans. The page draws the image with
// each code the service found outlined, says what each code's report found, and fills the form from
// the first code that holds a contact (its import, as an imported .vcf fills it).
import { byteSize } from './import-card';
import { clearScan, drawImage, drawOutlines, noCodeWords, showCodes } from './scan-view';

const $ = (id) => document.getElementById(id);
const api = (path) => new URL(path, document.baseURI).href;

/** The image types the service reads. */
export const SCAN_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The scan body limit the service was started with (written into the page), 10 MiB if missing. */
function bodyLimit() {
  const limit = Number(document.body.dataset.scanBodyLimit);
  return Number.isInteger(limit) && limit > 0 ? limit : 10 * 1024 * 1024;
}

/** Whether a file is an image (of any type: the service says which it reads). */
export const isImage = (file) => Boolean(file && file.type.startsWith('image/'));

const FAILURES = {
  invalid_image: (error) => `The image could not be read: ${error.message}`,
  unsupported_media_type: () =>
    'The service reads PNG, JPEG and WebP images; save this one as one of them and try again.',
  payload_too_large: (error) =>
    error.details && error.details.maxBytes
      ? `This image is larger than the service takes (${byteSize(error.details.maxBytes)}).`
      : `This image has more pixels than the service reads (${error.details.maxPixels} at most); send a smaller one.`,
};

/** The scan summary line under the zone. */
const say = (text) => ($('scan-summary').textContent = text);

/** The codes found in `name`, outlined on the drawn image; the first code with a contact fills the form. */
function showAnswer(answer, { name, scale, drawn, onContact }) {
  const { codes } = answer;
  if (drawn)
    drawOutlines(
      codes.map((code) => code.position),
      scale,
    );
  const contact = codes.findIndex((code) => code.import);
  say(
    `${name}: ${codes.length} code${codes.length === 1 ? '' : 's'} found` +
      (contact >= 0 ? `; code ${contact + 1} holds a contact, now in the form.` : '; none holds a contact.'),
  );
  showCodes(codes, (code, i) => {
    say(`Code ${i + 1}’s contact is now in the form.`);
    onContact(code);
  });
  if (contact >= 0) onContact(codes[contact]);
}

/** POSTs `file` to v1/scans and shows what came back: the codes, why none was found, or the refusal. */
async function postScan(file, { name, scale, drawn }, { onContact, onProblem, onFailed }) {
  try {
    const response = await fetch(api('v1/scans'), {
      method: 'POST',
      headers: { 'Content-Type': SCAN_TYPES.includes(file.type) ? file.type : 'application/octet-stream' },
      body: file,
    });
    const body = await response.json().catch(() => null);
    const error = body && body.error;
    if (response.status === 422 && error && error.code === 'no_code_found') {
      if (drawn && error.details && error.details.seen) drawOutlines(error.details.seen, scale, { dashed: true });
      say(noCodeWords(error));
    } else if (!response.ok && error && FAILURES[error.code]) {
      say('');
      onProblem(FAILURES[error.code](error));
    } else if (!response.ok) {
      say('');
      onFailed(response, body);
    } else showAnswer(body, { name, scale, drawn, onContact });
  } catch {
    say('');
    onProblem('The service could not be reached. Check that it is running, then try again.');
  }
}

/** Hands what is dropped on the zone, pasted into it or picked with its button to `scanImage`. */
function wireScanZone(scanImage, onProblem) {
  const zone = $('scan-zone');
  // Dropped on the zone itself: the page-wide drop (import-card.js) hands images here too.
  zone.addEventListener('drop', (event) => {
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (!isImage(file)) return;
    event.preventDefault();
    event.stopPropagation();
    zone.classList.remove('dragging');
    void scanImage(file);
  });
  zone.addEventListener('paste', (event) => {
    const file = event.clipboardData && event.clipboardData.files[0];
    event.preventDefault();
    event.stopPropagation();
    if (isImage(file)) void scanImage(file);
    else onProblem('The clipboard holds no image: copy a photo or a screenshot of the code.');
  });
  $('scan-file').addEventListener('change', () => {
    const file = $('scan-file').files[0];
    if (file) void scanImage(file);
    // The same file chosen again is read again.
    $('scan-file').value = '';
  });
}

/**
 * Wires the scan zone and its picker, and returns `scanImage(file)` for what is dropped or pasted
 * elsewhere on the page. `onContact(code)` takes the code whose contact fills the form;
 * `onProblem(text)` what went wrong, in words; `onFailed(response, body)` any other answer.
 */
export function setupScan(handlers) {
  const limit = bodyLimit();
  $('scan-limit').textContent = byteSize(limit);

  async function scanImage(file) {
    clearScan();
    const name = file.name || 'the pasted image';
    if (file.size > limit)
      return handlers.onProblem(
        `${name} is ${byteSize(file.size)}; the service reads an image of at most ${byteSize(limit)}.`,
      );
    say(`Reading ${name}…`);
    let bitmap = null;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      // Not an image this browser draws: the service still says what it is.
    }
    const scale = bitmap ? drawImage(bitmap) : 1;
    await postScan(file, { name, scale, drawn: bitmap !== null }, handlers);
  }

  wireScanZone(scanImage, handlers.onProblem);
  return scanImage;
}
