// A style the service refused, in a person's words: invalid_style marks each value at its control
// (a gradient's stop included), qr_unreadable says which decoder failed and why, and every refusal
// that carries `details.suggestions` (the changes the service tried and saw read) lists them as
// the panel's controls name them.
import { QR_STYLE_LIMITS } from '../../lib/qr/style/qr-style';
import { styleControlOf } from './style-controls';
import { markStyleIssue } from './style-panel';

const $ = (id) => document.getElementById(id);
const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The proof in a person's words: what the service reads every styled code from before it sends it. */
export const PROOF_WORDS = 'read at three sizes, blurred, tilted, and as a compressed photo in uneven light';

export function decoderName(name) {
  return name === 'zxing' ? 'ZXing' : name === 'zbar' ? 'ZBar' : name;
}

const CAUSES = {
  low_contrast: 'the colours are too close to each other',
  logo: 'the logo hides part of the code',
  modules: 'rounded or dotted shapes are harder for scanners',
  quiet_zone: 'the margin is narrow',
  transparent: 'the background is transparent',
};

/** Shows `text` (and a list under it) where the panel explains a check that did not pass. */
export function showProblem(text, items = []) {
  const list = document.createElement('ul');
  list.append(
    ...items.map((item) => {
      const entry = document.createElement('li');
      entry.textContent = item;
      return entry;
    }),
  );
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  $('style-problem').replaceChildren(...(text ? [paragraph] : []), ...(items.length > 0 ? [list] : []));
}

/** A value as words: a colour as it is, a gradient by its kind and stops, a shape by its name. */
function valueWords(value) {
  if (value && typeof value === 'object' && Array.isArray(value.stops))
    return `a ${value.type} gradient of ${value.stops.length} stops`;
  return String(value);
}

/** The label of the panel's control for a style path, or the path itself. */
function controlLabel(path) {
  const control = styleControlOf(path);
  const input = control && $(control.input);
  const labels = input && input.labels && [...input.labels].map((label) => label.textContent);
  return labels && labels.length > 0 ? labels[0] : path;
}

/** One change the service tried and saw read, as the panel's controls name it. */
export function suggestionWords({ parameter, value }) {
  if (parameter === 'style.logo.size')
    return `a smaller logo: ${Math.round(Number(value) * 100)}% of the code’s width (Logo size)`;
  if (parameter === 'style.finders') return `${valueWords(value)} finder patterns (Finder shape)`;
  if (parameter === 'style.modules') return `${valueWords(value)} modules (Module shape)`;
  if (parameter === 'qrLevel') return `correction level ${value} (Correction level)`;
  if (parameter === 'qrVersion') return `a larger code: QR version ${value} (Fit to QR version)`;
  if (value === QR_STYLE_LIMITS.transparent) return `a transparent ${controlLabel(parameter).toLowerCase()}`;
  return `${controlLabel(parameter)}: ${valueWords(value)}`;
}

const TRIED = 'The service tried one change at a time; the code reads with any one of these:';

/** `text` where the panel explains a refusal, with the suggestions under it, introduced, when there are any. */
function withSuggestions(text, details) {
  const suggestions = ((details && details.suggestions) || []).map(suggestionWords);
  showProblem(suggestions.length > 0 ? `${text} ${TRIED}` : text, suggestions);
}

function refusedStyle(error) {
  const fields = (error.details && error.details.fields) || [];
  const elsewhere = fields.filter((issue) => !markStyleIssue(issue.field, issue.message));
  const first = document.querySelector('#style-form [aria-invalid="true"]');
  if (first) first.focus();
  const words = [
    'The service refused a style value; each is marked where it is set.',
    ...elsewhere.map((i) => i.message),
  ];
  withSuggestions(words.join(' '), error.details);
}

function unreadable(error) {
  const { decoders = {}, causes = [], suggestions = [] } = error.details;
  const failed = Object.keys(decoders).filter((name) => !decoders[name]);
  const why = causes.map((cause) => CAUSES[cause] || cause);
  withSuggestions(
    `This style did not scan: ${listFormat.format(failed.map(decoderName))} could not read the code back from the file and from all but one of its proof renderings (${PROOF_WORDS}), so the service did not send it.` +
      (why.length > 0 ? ` Likely because ${listFormat.format(why)}.` : '') +
      // The hint names the first suggestion in the API's words; the list says each in the panel's.
      (suggestions.length > 0 ? '' : ` ${error.hint}`),
    error.details,
  );
}

/** A refusal of POST v1/qrcodes in a person's words. */
export function reportRefusal(response, body) {
  const error = body && body.error;
  if (!error) return showProblem(`The service answered ${response.status} without an error body.`);
  if (error.code === 'invalid_style') return refusedStyle(error);
  if (error.code === 'qr_unreadable') return unreadable(error);
  if (error.code === 'renderer_busy' || response.status === 429) {
    const wait = Number(response.headers.get('Retry-After')) || 1;
    return showProblem(`The service is busy. Try again in ${wait} second${wait === 1 ? '' : 's'}.`);
  }
  return withSuggestions(`${error.message} ${error.hint}`, error.details);
}
