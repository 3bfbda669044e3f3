import { describe, expect, it } from '@jest/globals';
import { escapeText } from './escape-text';

describe('escapeText', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['line\nbreak', 'line\\nbreak'],
    ['\\,', '\\\\\\,'],
    ['\\n (literal)', '\\\\n (literal)'],
    ['C:\\new;,', 'C:\\\\new\\;\\,'],
  ])('%j -> %j', (input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  it('escapes nothing else: colon, quote, caret, tab-free Unicode stay literal', () => {
    const untouched = 'Expo: "2026" ^ 😀 مرحبا N';
    expect(escapeText(untouched)).toBe(untouched);
  });
});
