// A scan on the page: the image drawn on a canvas with each code found outlined and numbered (or,
// when none was read, where one was seen, dashed), and each code's report in a person's words.

const $ = (id) => document.getElementById(id);
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The canvas is at most this many pixels a side: a 4,000-pixel photo is shown, not held, at full size. */
const MAX_CANVAS_SIDE = 1200;
export const OUTLINE_COLOR = '#e0007a';

const DECODERS = { zbar: 'ZBar', zxing: 'ZXing' };
const LEVELS = { L: 'L (7%)', M: 'M (15%)', Q: 'Q (25%)', H: 'H (30%)' };
const CONTENT = { vcard: 'a vCard', mecard: 'a MECARD contact', text: 'text, not a contact' };

/** What makes a code harder to read (report.causes), and why no code was read (no_code_found's causes). */
const CAUSES = {
  low_contrast: 'its dark and light are too close',
  logo: 'a logo covers part of it',
  quiet_zone: 'its light margin is too narrow',
  transparent: 'its background is transparent',
  small_modules: 'its modules are very small in the picture',
  inverted: 'it is light on dark',
  too_small: 'the code is too small in the picture',
  blurred: 'the picture is blurred',
  cut_off: 'the code is cut off at an edge',
  too_dark: 'the picture is too dark',
  no_code: 'no code can be seen in the picture',
};

/** Draws `bitmap` on the canvas, scaled to fit, and returns the scale from image pixels to canvas pixels. */
export function drawImage(bitmap) {
  const canvas = $('scan-canvas');
  const scale = Math.min(1, MAX_CANVAS_SIDE / Math.max(bitmap.width, bitmap.height));
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  canvas.hidden = false;
  return scale;
}

/** Each quadrilateral (four {x, y} in image pixels) outlined; numbered when `numbered`, dashed when not read. */
export function drawOutlines(quadrilaterals, scale, { dashed = false } = {}) {
  const canvas = $('scan-canvas');
  const context = canvas.getContext('2d');
  const width = Math.max(3, Math.round(Math.max(canvas.width, canvas.height) / 200));
  context.lineWidth = width;
  context.strokeStyle = OUTLINE_COLOR;
  context.fillStyle = OUTLINE_COLOR;
  context.setLineDash(dashed ? [width * 3, width * 2] : []);
  context.font = `bold ${width * 6}px system-ui, sans-serif`;
  quadrilaterals.forEach((corners, i) => {
    context.beginPath();
    corners.forEach(({ x, y }, corner) => context[corner === 0 ? 'moveTo' : 'lineTo'](x * scale, y * scale));
    context.closePath();
    context.stroke();
    if (!dashed) {
      const { x, y } = corners[0];
      context.fillText(String(i + 1), x * scale + width, Math.max(width * 6, y * scale - width * 2));
    }
  });
}

/** The facts of one code's report, each a sentence. */
function codeFacts(code) {
  const { report } = code;
  const facts = [];
  const readers = code.readBy.map((name) => DECODERS[name] || name);
  facts.push(
    readers.length > 1
      ? `Read by ${listFormat.format(readers)}${report.decodersAgree ? ', to the same text' : ', to different texts'}.`
      : `Read by ${readers[0]} only.`,
  );
  if (code.version !== null)
    facts.push(`Version ${code.version}, error correction ${LEVELS[code.level] || code.level}, mask ${code.mask}.`);
  if (report.modulePixels !== null) facts.push(`Each module is ${number.format(report.modulePixels)} pixels wide.`);
  if (report.quietZoneAtEdge) facts.push('The picture ends before the light margin around the code does.');
  else if (report.quietZone !== null) facts.push(`A light margin of ${number.format(report.quietZone)} modules.`);
  facts.push(
    `Contrast ${number.format(report.contrast)}:1 (${report.colors.dark} on ${report.colors.light})${report.inverted ? ', light on dark' : ''}.`,
  );
  if (report.spareErrorCorrection !== null)
    facts.push(`${percent.format(report.spareErrorCorrection)} of its error correction was left unused.`);
  if (report.causes.length > 0)
    facts.push(`Harder to read because ${listFormat.format(report.causes.map((cause) => CAUSES[cause] || cause))}.`);
  return [...facts, ...report.advice];
}

/** What the code holds, in words: its contact's name, why its card could not be imported, or its text. */
function contents(code) {
  if (code.import) return `${CONTENT[code.content]}: ${code.import.contact.fullName || 'a contact'}.`;
  if (code.importError) return `${CONTENT[code.content]} that could not be imported: ${code.importError.message}`;
  return `${CONTENT.text}: “${code.text.length > 80 ? `${code.text.slice(0, 80)}…` : code.text}”.`;
}

/**
 * The codes' reports as a list, in the answer's order (the numbers on the image); each code with a
 * contact has a button that fills the form with it (again, or instead of another code's).
 */
export function showCodes(codes, onUse) {
  $('scan-codes').replaceChildren(
    ...codes.map((code, i) => {
      const entry = document.createElement('li');
      const heading = document.createElement('p');
      const strong = document.createElement('strong');
      strong.textContent = `Code ${i + 1}`;
      heading.append(strong, `: ${contents(code)}`);
      const facts = document.createElement('ul');
      facts.append(
        ...codeFacts(code).map((fact) => {
          const item = document.createElement('li');
          item.textContent = fact;
          return item;
        }),
      );
      entry.append(heading, facts);
      if (code.import && onUse) {
        const use = document.createElement('button');
        use.type = 'button';
        use.textContent = `Fill the form with code ${i + 1}`;
        use.addEventListener('click', () => onUse(code, i));
        entry.append(use);
      }
      return entry;
    }),
  );
}

/** Why no code was read, likeliest cause first, and what to do. */
export function noCodeWords(error) {
  const causes = (error.details && error.details.causes) || [];
  const why = causes.length > 0 ? ` Likely ${listFormat.format(causes.map((cause) => CAUSES[cause] || cause))}.` : '';
  return `No QR code could be read in this image.${why} ${error.hint}`;
}

export function clearScan() {
  $('scan-canvas').hidden = true;
  $('scan-codes').replaceChildren();
  $('scan-summary').textContent = '';
}
