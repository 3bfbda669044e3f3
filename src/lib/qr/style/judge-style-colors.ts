import type { SceneGradientStop } from '../qr-scene';
import {
  QR_STYLE_LIMITS as LIMITS,
  type QrColorInput,
  type QrFill,
  type QrGradientInput,
  type QrStyle,
  type QrStyleIssue,
} from './qr-style';
import { fillColors } from './style-gradient';
import { contrastRatio, parseHexColor, relativeLuminance } from './style-color';

/** Records a refused value at `style.<field>`. */
export type StyleRefusal = (field: string, issue: QrStyleIssue['issue'], message: string) => void;

/** A style's colours judged: each key resolved with its default, and the worst contrast of them all. */
export interface JudgedColors {
  dark: QrFill;
  /** Null when transparent. */
  light: QrFill | null;
  finderFrame: QrFill;
  finderBall: QrFill;
  /** The lowest WCAG ratio of any dark, frame or ball colour against any light one (white when transparent). */
  contrast: number;
}

const { min: MIN_STOPS, max: MAX_STOPS } = LIMITS.gradientStops;

export const COLOR_MESSAGES = {
  color: 'Use #rgb or #rrggbb.',
  light: 'Use #rgb, #rrggbb or transparent.',
  stopColor: 'Use #rgb or #rrggbb.',
  gradientType: `Use one of: ${LIMITS.gradientTypes.join(', ')}.`,
  rotation: 'Only a linear gradient takes a rotation; leave it out of a radial one.',
  stops: `A gradient takes ${MIN_STOPS} to ${MAX_STOPS} stops.`,
  offset: 'Use an offset from 0 to 1, never below the stop before it.',
  lowContrast: `Contrast against colors.light is below ${LIMITS.minContrast}:1; use a darker colour or a lighter background.`,
  inverted: 'This colour is lighter than colors.light; many scanners cannot read inverted codes.',
};

/** The colour keys judged against light when given, in the order their issues are listed. */
const DARK_KEYS = ['dark', 'finder', 'finderFrame', 'finderBall'] as const;

/**
 * Judges `colors`: each key a colour or a gradient (every malformed part refused at its path), the
 * finders' frame and ball defaulting to `finder`, which defaults to `dark`; then, unless dark or
 * light are malformed, each key given (dark always) against light by its worst case: inverted when
 * any of its colours is lighter than any light one, low contrast when any pair is below 3:1.
 */
export function judgeStyleColors(colors: QrStyle['colors'], refuse: StyleRefusal): JudgedColors {
  const given = colors ?? {};
  const refused = new Set<string>();
  const fill = (key: string, value: QrColorInput | undefined, fallback: QrFill, message = COLOR_MESSAGES.color) =>
    judgeFill(`colors.${key}`, value, fallback, message, (field, issue, text) => {
      refused.add(key);
      refuse(field, issue, text);
    });
  const dark = fill('dark', given.dark, LIMITS.defaults.dark);
  const transparent = given.light === LIMITS.transparent;
  const light = transparent ? null : fill('light', given.light, LIMITS.defaults.light, COLOR_MESSAGES.light);
  const finder = fill('finder', given.finder, dark);
  const resolved = { dark, finder, finderFrame: fill('finderFrame', given.finderFrame, finder) };
  const judged = { ...resolved, finderBall: fill('finderBall', given.finderBall, finder) };
  const against = fillColors(light ?? '#ffffff');
  if (!refused.has('dark') && !refused.has('light'))
    for (const key of DARK_KEYS)
      if ((key === 'dark' || given[key] !== undefined) && !refused.has(key))
        judgeContrast(`colors.${key}`, fillColors(judged[key]), against, refuse);
  const shown = [judged.dark, judged.finderFrame, judged.finderBall].flatMap(fillColors);
  const contrast = Math.min(...shown.flatMap((color) => against.map((other) => contrastRatio(color, other))));
  return { dark, light, finderFrame: judged.finderFrame, finderBall: judged.finderBall, contrast };
}

/** One colour key: absent is `fallback`, a string a colour, an object a gradient. */
function judgeFill(
  field: string,
  value: QrColorInput | undefined,
  fallback: QrFill,
  message: string,
  refuse: StyleRefusal,
): QrFill {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') return judgeGradient(field, value, refuse) ?? fallback;
  const parsed = parseHexColor(value);
  if (parsed === undefined) refuse(field, 'format', message);
  return parsed ?? fallback;
}

/** A gradient's type, rotation and stops, each refused at its own path; undefined when any is. */
function judgeGradient(field: string, gradient: QrGradientInput, refuse: StyleRefusal): QrFill | undefined {
  let valid = true;
  const fail = (path: string, issue: QrStyleIssue['issue'], message: string): void => {
    valid = false;
    refuse(`${field}.${path}`, issue, message);
  };
  const type = gradient.type;
  if (type !== 'linear' && type !== 'radial') fail('type', 'invalid_value', COLOR_MESSAGES.gradientType);
  if (type === 'radial' && gradient.rotation !== undefined) fail('rotation', 'invalid_value', COLOR_MESSAGES.rotation);
  const given = gradient.stops ?? [];
  if (given.length < MIN_STOPS || given.length > MAX_STOPS) fail('stops', 'invalid_value', COLOR_MESSAGES.stops);
  const stops: SceneGradientStop[] = [];
  given.forEach((stop, index) => {
    const { offset } = stop;
    const previous = stops.at(-1)?.offset ?? 0;
    if (offset === undefined || offset < previous || offset > 1)
      fail(`stops[${index}].offset`, 'invalid_value', COLOR_MESSAGES.offset);
    const color = parseHexColor(stop.color);
    if (color === undefined) fail(`stops[${index}].color`, 'format', COLOR_MESSAGES.stopColor);
    stops.push({ offset: offset ?? previous, color: color ?? '#000000' });
  });
  if (!valid) return undefined;
  if (type === 'radial') return { type, stops };
  const rotation = (((gradient.rotation ?? 0) % 360) + 360) % 360;
  return { type: 'linear', rotation: rotation + 0, stops };
}

/** A dark key's colours against every light one: inverted first, then low contrast. */
function judgeContrast(field: string, colors: string[], light: string[], refuse: StyleRefusal): void {
  const lightest = Math.min(...light.map(relativeLuminance));
  if (colors.some((color) => relativeLuminance(color) > lightest)) refuse(field, 'inverted', COLOR_MESSAGES.inverted);
  else if (colors.some((color) => light.some((other) => contrastRatio(color, other) < LIMITS.minContrast)))
    refuse(field, 'low_contrast', COLOR_MESSAGES.lowContrast);
}
