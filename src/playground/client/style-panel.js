// The style panel: colours (solid or gradients, the finders' frame and ball apart), module and
// finder shapes, a logo and a caption, previewed live on the
// card on screen by the service's own renderer (dist/playground/styled-drawing.js, bundled from
// src/lib/qr/style, loaded when the panel is first opened; the caption outlines only once a caption
// is typed). The preview judges the style as the service does, so a value the service would refuse
// is marked here before anything is sent; the readability check itself is the service's
// (style-check.js).
import QRCode from 'qrcode';
import { buildStyleControls, styleControlOf } from './style-controls';
import { enablePaint, firstPaintColor, readPaint } from './style-paint';

const $ = (id) => document.getElementById(id);
const utf8 = new TextEncoder();

/** The quiet zone the page asks for, in modules (the service's default). */
export const STYLE_MARGIN = 4;
const PREVIEW_SCALE = 6;
const LOGO_MAX_BYTES = 256 * 1024;
/** judgeQrStyle wants a font even without a caption; it reads it only for one. */
const NO_CAPTION_FONT = { unitsPerEm: 1000, capHeight: 700, outline: () => undefined };

const panel = { turn: 0, drawing: null, font: null, logo: null, card: null, previewUrl: null, onChange: () => {} };

function loadOnce(key, load) {
  panel[key] ??= load().catch((error) => {
    panel[key] = null;
    throw error;
  });
  return panel[key];
}

/** The renderer bundle, as a script of the page's own origin (the page's CSP allows no other). */
function drawing() {
  return loadOnce('drawing', () => {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'playground/styled-drawing.js';
      script.onload = () => resolve(window.VCardStyledDrawing);
      script.onerror = () => reject(new Error('The styled-code renderer could not be loaded.'));
      document.head.append(script);
    });
  });
}

function captionFont(renderer) {
  return loadOnce('font', async () => {
    const response = await fetch('playground/caption-glyphs.json');
    if (!response.ok) throw new Error('The caption font could not be loaded.');
    return renderer.captionFontFromTable(await response.json());
  });
}

/** The style as POST v1/qrcodes takes it: only what the panel sets. */
export function readStyle() {
  const transparent = $('s-transparent').checked;
  const style = {
    colors: {
      dark: readPaint('dark'),
      light: transparent ? 'transparent' : readPaint('light'),
      ...($('s-finder-own').checked ? { finder: $('s-finder').value } : {}),
      ...($('s-finder-parts').checked
        ? { finderFrame: $('s-finder-frame').value, finderBall: $('s-finder-ball').value }
        : {}),
    },
    modules: $('s-modules').value,
    finders: $('s-finders').value,
  };
  if (panel.logo) style.logo = { image: panel.logo, size: Number($('s-logo-size').value) };
  const caption = $('s-caption').value;
  if (caption.trim() !== '') style.frame = { caption, position: $('s-position').value };
  return style;
}

/** The level the panel asks for, if any (undefined: the service decides, H with a logo). */
export function styleLevel() {
  return $('s-level').value || undefined;
}

export function clearStyleIssues() {
  for (const input of $('style-form').querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  for (const message of $('style-form').querySelectorAll('p.message')) message.textContent = '';
}

/** Writes `message` at the control of a style path (a gradient's stop, its rotation); false when the panel has none. */
export function markStyleIssue(path, message) {
  const control = styleControlOf(path);
  if (!control) return false;
  $(control.input).setAttribute('aria-invalid', 'true');
  const slot = $(control.message);
  // Two issues at one control (a stop's colour and its offset) are both said.
  slot.textContent = slot.textContent ? `${slot.textContent} ${message}` : message;
  return true;
}

/** Controls that follow others: a colour not chosen shows the one drawn in its place. */
function followColours() {
  $('s-finder').disabled = !$('s-finder-own').checked;
  if ($('s-finder').disabled) $('s-finder').value = firstPaintColor('dark');
  for (const part of ['s-finder-frame', 's-finder-ball']) {
    $(part).disabled = !$('s-finder-parts').checked;
    if ($(part).disabled) $(part).value = $('s-finder').value;
  }
  enablePaint('light', !$('s-transparent').checked);
}

function hidePreview(caption) {
  $('style-preview').hidden = true;
  $('style-caption').textContent = caption;
}

/** Draws the preview of the card on screen in the panel's style; the check and its downloads wait for it. */
export async function preview() {
  clearStyleIssues();
  followColours();
  $('s-logo-size-use').textContent = `${Math.round(Number($('s-logo-size').value) * 100)}% of the code’s width`;
  panel.onChange(false);
  if (!panel.card) return hidePreview('Create a card first: the preview draws its code.');
  $('style-caption').textContent = 'Drawing the preview…';
  const style = readStyle();
  // A preview started later wins: an earlier one still waiting for the renderer or the font stops.
  const turn = ++panel.turn;
  let renderer;
  let font = NO_CAPTION_FONT;
  try {
    renderer = await drawing();
    if (style.frame) font = await captionFont(renderer);
  } catch (error) {
    return hidePreview(error.message);
  }
  if (turn !== panel.turn) return;
  const judged = renderer.judgeQrStyle(style, {
    qrLevel: panel.card.level ?? styleLevel(),
    margin: STYLE_MARGIN,
    font,
  });
  if (judged.issues.length > 0) {
    for (const issue of judged.issues) markStyleIssue(issue.field, issue.message);
    return hidePreview('Fix the marked values to see the code.');
  }
  const segments = [{ data: utf8.encode(panel.card.qrPayload), mode: 'byte' }];
  let symbol;
  try {
    symbol = QRCode.create(segments, { errorCorrectionLevel: judged.level });
  } catch {
    return hidePreview(`This card does not fit a QR code at level ${judged.level}.`);
  }
  const matrix = { version: symbol.version, size: symbol.modules.size, modules: symbol.modules.data };
  const logoIssue = style.logo && renderer.logoFitIssue(matrix.version, judged.level, style.logo.size);
  if (logoIssue) {
    markStyleIssue(logoIssue.field, logoIssue.message);
    return hidePreview('The logo is too large for this code: make it smaller, or choose level H.');
  }
  const svg = renderer.sceneSvg(renderer.styledQrScene(matrix, judged.style, { margin: STYLE_MARGIN }), {
    scale: PREVIEW_SCALE,
  });
  if (panel.previewUrl) URL.revokeObjectURL(panel.previewUrl);
  panel.previewUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  $('style-preview').src = panel.previewUrl;
  $('style-preview').hidden = false;
  const raised = judged.levelRaised ? ', raised to H for the logo' : '';
  $('style-caption').textContent =
    `Preview: version ${matrix.version}, level ${judged.level}${raised}, contrast ${judged.contrast}:1. ` +
    'Drawn in your browser by the service’s own renderer; check it to download.';
  panel.onChange(true);
}

/** Reads a chosen logo file as a data URL, refusing one larger than the service takes before reading it. */
function readLogo() {
  const file = $('s-logo').files[0];
  if (!file) return;
  if (file.size > LOGO_MAX_BYTES) {
    $('s-logo').value = '';
    markStyleIssue(
      'style.logo.image',
      `This file is ${Math.ceil(file.size / 1024)} KiB; a logo may be at most 256 KiB.`,
    );
    return;
  }
  const reader = new FileReader();
  reader.onload = () => {
    panel.logo = reader.result;
    $('s-logo-remove').disabled = false;
    void preview();
  };
  reader.readAsDataURL(file);
}

/**
 * The card the panel styles: `{qrPayload, level}` of the card on screen (level: the form's, when a
 * budget fixed it), or null. `onChange(previewed)` hears whether a preview stands.
 */
export function setStyledCard(card) {
  panel.card = card;
  if ($('styling').open) void preview();
  else panel.onChange(false);
}

export function setupStylePanel(onChange) {
  buildStyleControls($('style-form'), () => void preview());
  panel.onChange = onChange;
  $('styling').addEventListener('toggle', () => {
    if ($('styling').open) void preview();
  });
  $('style-form').addEventListener('input', (event) => {
    if (event.target.id !== 's-logo') void preview();
  });
  $('style-form').addEventListener('submit', (event) => event.preventDefault());
  $('s-logo').addEventListener('change', readLogo);
  $('s-logo-remove').addEventListener('click', () => {
    panel.logo = null;
    $('s-logo').value = '';
    $('s-logo-remove').disabled = true;
    void preview();
  });
}
