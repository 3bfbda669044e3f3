// The style panel's controls, declared once: each group, its controls with their labels, and the
// style path the service names in an invalid_style issue (so a refused value is marked where it is
// set; a gradient's stops are found by style-paint.js). The sets of shapes and positions come from
// the renderer's own limits, bundled from src/lib/qr/style, so the panel offers exactly what the
// service takes.
import { QR_FINDER_SHAPES, QR_FRAME_POSITIONS, QR_MODULE_SHAPES, QR_STYLE_LIMITS } from '../../lib/qr/style/qr-style';
import { element } from './dom-element';
import { paintControl, paintControlOf } from './style-paint';

const WORDS = {
  square: 'Square',
  rounded: 'Rounded',
  dots: 'Dots',
  circle: 'Circle',
  bottom: 'Below the code',
  top: 'Above the code',
};
const choices = (values) => values.map((value) => [value, WORDS[value] ?? value]);
const LEVELS = [
  ['', 'Automatic'],
  ['L', 'L (7%)'],
  ['M', 'M (15%)'],
  ['Q', 'Q (25%)'],
  ['H', 'H (30%)'],
];
const { min, max, default: size } = QR_STYLE_LIMITS.logoSize;

/** The groups of the panel: [legend, controls]; a control is {id, label, kind, path?, wide?, ...}. */
export const STYLE_GROUPS = [
  [
    'Colours',
    [
      {
        id: 's-dark',
        key: 'dark',
        label: 'Modules',
        kind: 'paint',
        value: QR_STYLE_LIMITS.defaults.dark,
        second: '#1d3557',
        path: 'style.colors.dark',
      },
      {
        id: 's-light',
        key: 'light',
        label: 'Background',
        kind: 'paint',
        value: QR_STYLE_LIMITS.defaults.light,
        second: '#dbe9f6',
        path: 'style.colors.light',
      },
      { id: 's-transparent', label: 'Transparent background', kind: 'flag', wide: true },
      {
        id: 's-finder',
        label: 'Finder patterns',
        kind: 'color',
        value: QR_STYLE_LIMITS.defaults.dark,
        path: 'style.colors.finder',
      },
      { id: 's-finder-own', label: 'Finder patterns in their own colour', kind: 'flag' },
      { id: 's-finder-parts', label: 'Finder frame and ball in colours of their own', kind: 'flag', wide: true },
      {
        id: 's-finder-frame',
        label: 'Finder frame',
        kind: 'color',
        value: QR_STYLE_LIMITS.defaults.dark,
        path: 'style.colors.finderFrame',
      },
      {
        id: 's-finder-ball',
        label: 'Finder ball',
        kind: 'color',
        value: QR_STYLE_LIMITS.defaults.dark,
        path: 'style.colors.finderBall',
      },
    ],
  ],
  [
    'Shapes',
    [
      {
        id: 's-modules',
        label: 'Module shape',
        kind: 'choice',
        values: choices(QR_MODULE_SHAPES),
        path: 'style.modules',
      },
      {
        id: 's-finders',
        label: 'Finder shape',
        kind: 'choice',
        values: choices(QR_FINDER_SHAPES),
        path: 'style.finders',
      },
      {
        id: 's-level',
        label: 'Correction level',
        kind: 'choice',
        values: LEVELS,
        hint: 'Automatic: M, or H with a logo. With “Fit to QR version”, the form’s level.',
      },
    ],
  ],
  [
    'Logo',
    [
      {
        id: 's-logo',
        label: `Logo file (PNG, JPEG or SVG, up to ${QR_STYLE_LIMITS.logoMaxBytes / 1024} KiB)`,
        kind: 'file',
        path: 'style.logo.image',
      },
      {
        id: 's-logo-size',
        label: 'Logo size',
        kind: 'range',
        min,
        max,
        value: size,
        path: 'style.logo.size',
        hint: '',
      },
    ],
  ],
  [
    'Caption',
    [
      {
        id: 's-caption',
        label: `Caption (up to ${QR_STYLE_LIMITS.captionMaxCharacters} characters)`,
        kind: 'text',
        path: 'style.frame.caption',
      },
      {
        id: 's-position',
        label: 'Caption position',
        kind: 'choice',
        values: choices(QR_FRAME_POSITIONS),
        path: 'style.frame.position',
      },
    ],
  ],
];

/** The control of each style path. */
export const STYLE_CONTROLS = Object.fromEntries(
  STYLE_GROUPS.flatMap(([, controls]) =>
    controls.filter((control) => control.path).map((control) => [control.path, control.id]),
  ),
);

function control(spec) {
  const described = [spec.hint !== undefined ? `${spec.id}-use` : undefined, spec.path ? `m-${spec.id}` : undefined];
  const attributes = { id: spec.id, 'aria-describedby': described.filter(Boolean).join(' ') || undefined };
  let input;
  if (spec.kind === 'choice') {
    input = element('select', attributes, ...spec.values.map(([value, text]) => new Option(text, value)));
  } else if (spec.kind === 'flag') {
    input = element('input', { ...attributes, type: 'checkbox' });
  } else if (spec.kind === 'file') {
    input = element('input', { ...attributes, type: 'file', accept: QR_STYLE_LIMITS.logoMediaTypes.join(',') });
  } else if (spec.kind === 'range') {
    input = element('input', {
      ...attributes,
      type: 'range',
      min: spec.min,
      max: spec.max,
      step: 0.01,
      value: spec.value,
    });
  } else if (spec.kind === 'color' || spec.kind === 'paint') {
    input = element('input', { ...attributes, type: 'color', value: spec.value });
  } else {
    input = element('input', { ...attributes, maxlength: QR_STYLE_LIMITS.captionMaxCharacters });
  }
  const label = element('label', { for: spec.id }, spec.label);
  const wrapper = element('div', {
    class: ['field', spec.kind === 'flag' && 'check', spec.wide && 'wide'].filter(Boolean).join(' '),
  });
  wrapper.append(...(spec.kind === 'flag' ? [input, label] : [label, input]));
  if (spec.hint !== undefined) wrapper.append(element('p', { class: 'hint', id: `${spec.id}-use` }, spec.hint));
  if (spec.path) wrapper.append(element('p', { class: 'message', id: `m-${spec.id}` }));
  return wrapper;
}

/** Where an issue at a style path is shown ({input, message} ids); undefined when the panel has no control. */
export function styleControlOf(path) {
  const painted = paintControlOf(path);
  if (painted) return painted;
  const id = STYLE_CONTROLS[path];
  return id ? { input: id, message: `m-${id}` } : undefined;
}

/**
 * Builds the panel's controls into `form`, with the logo's Remove button after its group;
 * `onChange` hears what changes the style without an input event (a gradient's stop added or removed).
 */
export function buildStyleControls(form, onChange) {
  for (const [legend, controls] of STYLE_GROUPS) {
    const set = element('fieldset', { class: 'group' }, element('legend', {}, legend));
    const built = controls.map((spec) =>
      spec.kind === 'paint' ? paintControl(spec, control(spec), onChange) : control(spec),
    );
    set.append(element('div', { class: 'parts' }, ...built));
    if (legend === 'Logo')
      set.append(element('button', { type: 'button', id: 's-logo-remove', disabled: '' }, 'Remove logo'));
    form.append(set);
  }
}
