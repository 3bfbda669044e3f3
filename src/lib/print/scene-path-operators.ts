const NUMBERS: Record<string, number> = { M: 2, L: 2, C: 6, Z: 0 };
const OPERATOR: Record<string, string> = { M: 'm', L: 'l', C: 'c', Z: 'h' };

// A path of plain decimals only, and the plain code's rectangles: `M x y L x2 y L x2 y2 L x y2 Z`.
const PLAIN_PATH = /^[MLCZ\d. -]*$/;
const RECTANGLE = /M (\S+) (\S+) L (\S+) \2 L \3 (\S+) L \1 \4 Z/g;
const TWO = '(\\S+) (\\S+)';

/**
 * A scene path's `d` as postfix path operators (`x y m`, `x y l`, `x1 y1 x2 y2 x y c`, `h`): PDF's
 * own, and the EPS prolog binds the same names to moveto, lineto, curveto and closepath, so one
 * translation serves both. An axis-aligned rectangle (`M L L L Z`, the plain code's module runs)
 * becomes `x y w h re`, the same outline in half the bytes (the EPS prolog defines `re` too).
 * Paths of plain decimals, the usual case, are rewritten by a few regular expressions (a plain
 * code has a thousand rectangles); any other path is read token by token, its numbers rewritten.
 */
export function scenePathOperators(d: string): string {
  if (!PLAIN_PATH.test(d)) return tokenPathOperators(d);
  return d
    .replace(
      RECTANGLE,
      (_match, x: string, y: string, x2: string, y2: string) =>
        `${x} ${y} ${formatNumber(Number(x2) - Number(x))} ${formatNumber(Number(y2) - Number(y))} re`,
    )
    .replace(MOVE, '$1 $2 m')
    .replace(LINE, '$1 $2 l')
    .replace(CURVE, '$1 $2 $3 $4 $5 $6 c')
    .replace(CLOSE, 'h');
}

const MOVE = new RegExp(`M ${TWO}`, 'g');
const LINE = new RegExp(`L ${TWO}`, 'g');
const CURVE = new RegExp(`C ${TWO} ${TWO} ${TWO}`, 'g');
const CLOSE = /Z/g;

/** The same translation, token by token: for paths with numbers in other forms (an exponent). */
function tokenPathOperators(d: string): string {
  const tokens = d.split(' ');
  let out = '';
  for (let index = 0; index < tokens.length;) {
    const command = tokens[index];
    const count = NUMBERS[command];
    if (count === undefined) throw new Error(`unsupported path command at token ${index}`);
    for (let n = 1; n <= count; n++) out += `${plainNumber(tokens[index + n])} `;
    out += `${OPERATOR[command]} `;
    index += 1 + count;
  }
  return out.slice(0, -1);
}

/** A path number as written when it is plain decimals (the usual case), else rewritten as such. */
function plainNumber(token: string | undefined): string {
  if (token === undefined) throw new Error('a path command lacks a number');
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    // Digits, '.' and '-' only: anything else (an exponent, NaN) goes through Number.
    if ((code < 48 || code > 57) && code !== 46 && code !== 45) return checkedNumber(token);
  }
  return token;
}

function checkedNumber(token: string): string {
  const value = Number(token);
  if (!Number.isFinite(value)) throw new Error('a path number is not finite');
  return formatNumber(value);
}

/** A number in plain decimals (at most 6 places, no exponent, no trailing zeros), as PDF and PostScript read it. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return Math.abs(value) < 1e15 ? String(value) : BigInt(value).toString();
  const fixed = value.toFixed(6);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
