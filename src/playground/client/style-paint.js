// A colour of the style that may be a gradient (colors.dark, colors.light): a solid colour, a
// linear gradient turned by a rotation in degrees, or a radial one, with 2 to 4 stops, each a
// colour at an offset from 0 to 1 (as the service takes it, so its messages fit the inputs). The
// stops live in the page; adding or removing one renumbers the rest and leaves the focus on a
// control that is still there.
import { QR_STYLE_LIMITS } from '../../lib/qr/style/qr-style';
import { element } from './dom-element';

/** How many stops a gradient has, and its kinds: the service's own, bundled from src/lib/qr/style. */
const GRADIENT_STOPS = QR_STYLE_LIMITS.gradientStops;
const WORDS = { linear: 'Linear gradient', radial: 'Radial gradient' };
const KINDS = [['solid', 'Solid colour'], ...QR_STYLE_LIMITS.gradientTypes.map((type) => [type, WORDS[type] ?? type])];
const DEFAULT_ROTATION = 45;

const $ = (id) => document.getElementById(id);

/** The editors by key (`dark`, `light`): their declaration and their stops ({color, offset}). */
const editors = new Map();

const message = (id) => element('p', { class: 'message', id: `m-${id}` });

function field(input, label, ...after) {
  return element(
    'div',
    { class: 'field' },
    element('label', { for: input.id, id: `${input.id}-label` }, label),
    input,
    ...after,
  );
}

/** The stops as the page shows them now (the inputs win over what was last drawn). */
function readStops(editor) {
  editor.stops = editor.stops.map((stop, index) => {
    const base = `${editor.spec.id}-stop-${index}`;
    return { color: $(`${base}-color`)?.value ?? stop.color, offset: $(`${base}-offset`)?.value ?? stop.offset };
  });
  return editor.stops;
}

function stopRow(editor, index) {
  const { spec, stops } = editor;
  const base = `${spec.id}-stop-${index}`;
  const named = (input) => {
    // Read as "Modules gradient, Stop 2 colour": the legend says which gradient.
    input.setAttribute('aria-labelledby', `${spec.id}-gradient-legend ${input.id}-label`);
    return input;
  };
  const color = named(
    element('input', {
      id: `${base}-color`,
      type: 'color',
      value: stops[index].color,
      'aria-describedby': `m-${base}`,
    }),
  );
  const offset = named(
    element('input', {
      id: `${base}-offset`,
      type: 'number',
      min: 0,
      max: 1,
      step: 0.01,
      inputmode: 'decimal',
      value: stops[index].offset,
      'aria-describedby': `${spec.id}-offsets-use m-${base}`,
    }),
  );
  const remove = element(
    'button',
    {
      type: 'button',
      id: `${base}-remove`,
      'aria-label': `Remove stop ${index + 1} of the ${spec.label.toLowerCase()} gradient`,
      disabled: stops.length <= GRADIENT_STOPS.min,
    },
    `Remove stop ${index + 1}`,
  );
  remove.addEventListener('click', () => removeStop(editor, index));
  return element(
    'li',
    { class: 'stop' },
    field(color, `Stop ${index + 1} colour`),
    field(offset, `Stop ${index + 1} offset`),
    remove,
    message(base),
  );
}

function drawStops(editor) {
  $(`${editor.spec.id}-stops`).replaceChildren(...editor.stops.map((_, index) => stopRow(editor, index)));
  $(`${editor.spec.id}-add-stop`).disabled = editor.stops.length >= GRADIENT_STOPS.max;
}

/** A new stop goes between the last two, in the last one's colour, so the stops stay in order. */
function addStop(editor) {
  const stops = readStops(editor);
  const at = stops.length - 1;
  const offset = Math.round(((Number(stops[at - 1].offset) + Number(stops[at].offset)) / 2) * 100) / 100;
  stops.splice(at, 0, { color: stops[at].color, offset });
  drawStops(editor);
  $(`${editor.spec.id}-stop-${at}-color`).focus();
  editor.onChange();
}

function removeStop(editor, index) {
  const stops = readStops(editor);
  if (stops.length <= GRADIENT_STOPS.min) return;
  stops.splice(index, 1);
  drawStops(editor);
  // The Remove button at the same place, unless the stops left are the fewest a gradient has.
  const next = $(`${editor.spec.id}-stop-${Math.min(index, stops.length - 1)}-remove`);
  (next.disabled ? $(`${editor.spec.id}-add-stop`) : next).focus();
  editor.onChange();
}

/**
 * The editor of one colour: its fill (solid or a gradient kind) beside `solidField` (the solid
 * colour's own labelled input, built by the panel), and the gradient's rotation and stops, hidden
 * until a gradient is chosen. `spec`: {id, key, label, path, second (a gradient's second colour)}.
 * `onChange` hears a stop added or removed (the inputs' own events reach the form).
 */
export function paintControl(spec, solidField, onChange) {
  const editor = { spec, stops: null, onChange };
  editors.set(spec.key, editor);
  const kind = element(
    'select',
    { id: `${spec.id}-kind`, 'aria-describedby': `m-${spec.id}-kind` },
    ...KINDS.map(([value, text]) => new Option(text, value)),
  );
  const rotation = element('input', {
    id: `${spec.id}-rotation`,
    type: 'number',
    min: 0,
    max: 360,
    step: 1,
    inputmode: 'numeric',
    value: DEFAULT_ROTATION,
    'aria-describedby': `m-${spec.id}-rotation`,
  });
  const add = element(
    'button',
    {
      type: 'button',
      id: `${spec.id}-add-stop`,
      'aria-label': `Add a stop to the ${spec.label.toLowerCase()} gradient`,
    },
    'Add a stop',
  );
  add.addEventListener('click', () => addStop(editor));
  const gradient = element(
    'fieldset',
    { class: 'gradient', id: `${spec.id}-gradient`, hidden: true },
    element('legend', { id: `${spec.id}-gradient-legend` }, `${spec.label} gradient`),
    element(
      'div',
      { class: 'field', id: `${spec.id}-rotation-field` },
      element('label', { for: rotation.id }, `${spec.label} gradient rotation (degrees)`),
      rotation,
      message(rotation.id),
    ),
    element('ol', { class: 'stops', id: `${spec.id}-stops` }),
    element(
      'p',
      { class: 'hint', id: `${spec.id}-offsets-use` },
      'An offset is where its colour lies, from 0 to 1; none is below the one before it.',
    ),
    add,
  );
  // The fill's own listener runs before the form's, so the preview reads the stops it shows.
  kind.addEventListener('input', () => showKind(editor));
  return element(
    'div',
    { class: 'paint' },
    element('div', { class: 'parts' }, field(kind, `${spec.label} fill`, message(kind.id)), solidField),
    gradient,
  );
}

function showKind(editor) {
  const { id, second } = editor.spec;
  const kind = $(`${id}-kind`).value;
  // A first gradient starts from the solid colour chosen so far.
  if (kind !== 'solid' && !editor.stops) {
    editor.stops = [
      { color: $(id).value, offset: 0 },
      { color: second, offset: 1 },
    ];
    drawStops(editor);
  }
  $(`${id}-gradient`).hidden = kind === 'solid';
  $(id).closest('.field').hidden = kind !== 'solid';
  $(`${id}-rotation-field`).hidden = kind !== 'linear';
}

/** Whether a colour is drawn solid (its `#rrggbb` input then holds it). */
export function isSolidPaint(key) {
  return $(`${editors.get(key).spec.id}-kind`).value === 'solid';
}

/** The colour a solid stands in for this paint: the solid colour, or the gradient's first stop. */
export function firstPaintColor(key) {
  const editor = editors.get(key);
  return isSolidPaint(key) ? $(editor.spec.id).value : readStops(editor)[0].color;
}

/** Turns a paint's controls on or off (a transparent background has none). */
export function enablePaint(key, enabled) {
  const { id } = editors.get(key).spec;
  $(`${id}-kind`).disabled = !enabled;
  $(id).disabled = !enabled;
  $(`${id}-gradient`).disabled = !enabled;
}

/** The colour as the style sends it: `#rrggbb`, or the gradient `{type, rotation?, stops}`. */
export function readPaint(key) {
  const editor = editors.get(key);
  const { id } = editor.spec;
  const kind = $(`${id}-kind`).value;
  if (kind === 'solid') return $(id).value;
  const stops = readStops(editor).map(({ color, offset }) => ({
    offset: Number(offset),
    color,
  }));
  return kind === 'linear'
    ? { type: 'linear', rotation: Number($(`${id}-rotation`).value), stops }
    : { type: 'radial', stops };
}

/** Where an issue at `path` inside a paint is shown ({input, message} ids), or undefined. */
export function paintControlOf(path) {
  const normal = path.replace(/\[(\d+)\]/g, '.$1');
  for (const [key, editor] of editors) {
    const base = editor.spec.path;
    if (normal !== base && !normal.startsWith(`${base}.`)) continue;
    const { id } = editor.spec;
    const fill = { input: `${id}-kind`, message: `m-${id}-kind` };
    if (isSolidPaint(key)) return normal === base ? { input: id, message: `m-${id}` } : fill;
    const [part, index, value] = normal.slice(base.length + 1).split('.');
    if (part === 'rotation' && $(`${id}-rotation`)) return { input: `${id}-rotation`, message: `m-${id}-rotation` };
    const stop = part === 'stops' && index !== undefined ? `${id}-stop-${index}` : undefined;
    if (stop && $(`${stop}-color`))
      return { input: value === 'offset' ? `${stop}-offset` : `${stop}-color`, message: `m-${stop}` };
    return fill;
  }
  return undefined;
}
