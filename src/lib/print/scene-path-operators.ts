const OPERATOR: Record<string, { operator: string; numbers: number }> = {
  M: { operator: 'm', numbers: 2 },
  L: { operator: 'l', numbers: 2 },
  C: { operator: 'c', numbers: 6 },
  Z: { operator: 'h', numbers: 0 },
};
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A scene path's `d` as postfix path operators (`x y m`, `x y l`, `x1 y1 x2 y2 x y c`, `h`): PDF's
 * own, and the EPS prolog binds the same names to moveto, lineto, curveto and closepath, so one
 * translation serves both. Numbers are copied as written unless they use a form neither language
 * reads (an exponent), which is rewritten in plain decimals.
 */
export function scenePathOperators(d: string): string {
  const tokens = d.split(' ');
  const out: string[] = [];
  for (let index = 0; index < tokens.length;) {
    const command = OPERATOR[tokens[index]];
    if (command === undefined) throw new Error(`unsupported path command at token ${index}`);
    for (let n = 1; n <= command.numbers; n++) out.push(plainNumber(tokens[index + n]));
    out.push(command.operator);
    index += 1 + command.numbers;
  }
  return out.join(' ');
}

function plainNumber(token: string | undefined): string {
  if (token !== undefined && PLAIN_NUMBER.test(token)) return token;
  const value = Number(token);
  if (token === undefined || !Number.isFinite(value)) throw new Error('a path command lacks a number');
  return formatNumber(value);
}

/** A number in plain decimals (at most 6 places, no exponent, no trailing zeros), as PDF and PostScript read it. */
export function formatNumber(value: number): string {
  const fixed = value.toFixed(6);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
