// The NFC side of a result: how much of the chosen tag the card takes (the answer's
// `nfc {tag, capacity, bytes}`), beside the QR fit, and the tag content as a .ndef file, fetched
// from the service with the request on screen (Accept: application/octet-stream), so the file
// holds exactly the bytes the service fitted.

const $ = (id) => document.getElementById(id);
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** NTAG213 for ntag213: how the tag is printed on its packaging. */
export function tagName(tag) {
  return tag.toUpperCase();
}

/** Takes the tag fit and its download off the screen. */
export function clearNfc() {
  $('nfc-fit').hidden = true;
  $('nfc-fit-text').textContent = '';
  $('nfc-meter').value = 0;
  $('download-ndef').hidden = true;
  $('download-ndef').disabled = true;
}

/** Shows the answer's tag fit, if the request chose a tag; the download comes with it. */
export function showNfc(nfc) {
  if (!nfc) {
    clearNfc();
    return;
  }
  const meter = $('nfc-meter');
  meter.max = nfc.capacity;
  meter.value = nfc.bytes;
  // Above nine tenths the tag is nearly full: the meter says so in colour, the text in words.
  meter.high = Math.floor(nfc.capacity * 0.9);
  meter.optimum = 0;
  const free = nfc.capacity - nfc.bytes;
  $('nfc-fit-text').textContent =
    `${nfc.bytes} of ${nfc.capacity} bytes of an ${tagName(nfc.tag)} (${percent.format(nfc.bytes / nfc.capacity)}), ` +
    `${free} byte${free === 1 ? '' : 's'} free.`;
  $('nfc-fit').hidden = false;
  $('download-ndef').hidden = false;
  $('download-ndef').disabled = false;
}

/**
 * The raw tag content of `request` ({url, body}) from the service, saved with the name it gives.
 * Resolves to the failed Response, if it fails, for the caller to report.
 */
export async function downloadNdef(request, save) {
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/octet-stream' },
    body: request.body,
  });
  if (!response.ok) return response;
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') || '');
  save(await response.blob(), match ? match[1] : 'contact.ndef');
  return null;
}
