import type { PropertyHeader } from './property-header';

const QUOTE = 0x22;
const COLON = 0x3a;
// Lower case with 0x20 set on every character, so `| 0x20` on the input compares case-insensitively (':' has it).
const DATA = 'data:';

/**
 * One property being put together from its physical lines. Its text grows by concatenation, which
 * V8 keeps as a rope: nothing here reads the whole text again per piece (that would make a long
 * folded line cost its length squared), only the piece just appended.
 */
export interface LogicalLine {
  line: number;
  /** The text kept so far (header and value). */
  text: string;
  header?: PropertyHeader;
  valueStart: number;
  quotedPrintable: boolean;
  base64: boolean;
  /** The value is dropped as it arrives: binary content, or a line that is not a property. */
  skipping: boolean;
  inline: boolean;
  notProperty: boolean;
  dataChecked: boolean;
  lastChar: number;
  /** The search for the value's colon: inside a quoted parameter value now, and the first colon seen at all. */
  quoted: boolean;
  firstColon: number;
}

export function startLogicalLine(line: number, notProperty: boolean): LogicalLine {
  return {
    line,
    text: '',
    valueStart: 0,
    quotedPrintable: false,
    base64: false,
    skipping: notProperty,
    inline: false,
    notProperty,
    dataChecked: false,
    lastChar: 0,
    quoted: false,
    firstColon: -1,
  };
}

/**
 * Looks for the colon that starts the value in the piece just appended at `offset`, outside
 * double quotes (a quoted parameter value may hold one), carrying the quote state over from the
 * earlier pieces. Returns its index in the whole text, or -1.
 */
export function findValueColonIn(logical: LogicalLine, piece: string, offset: number): number {
  for (let i = 0; i < piece.length; i++) {
    const code = piece.charCodeAt(i);
    if (code === QUOTE) logical.quoted = !logical.quoted;
    else if (code === COLON) {
      if (!logical.quoted) return offset + i;
      if (logical.firstColon === -1) logical.firstColon = offset + i;
    }
  }
  return -1;
}

/** Whether the value is a `data:` URI; undefined while too little of it has arrived to tell. */
export function isDataUri(logical: LogicalLine, atEnd: boolean): boolean | undefined {
  const { text, valueStart } = logical;
  if (!atEnd && text.length - valueStart < DATA.length) return undefined;
  for (let i = 0; i < DATA.length; i++) {
    if ((text.charCodeAt(valueStart + i) | 0x20) !== DATA.charCodeAt(i)) return false;
  }
  return true;
}
