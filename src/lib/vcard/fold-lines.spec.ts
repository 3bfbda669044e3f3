import { describe, expect, it } from '@jest/globals';
import { foldVCardLines } from './fold-lines';

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');
const fold = (line: string): string[] => foldVCardLines(`${line}\r\n`).split('\r\n').slice(0, -1);
const a = (count: number): string => 'a'.repeat(count);

describe('foldVCardLines', () => {
  it('leaves lines of up to 75 octets alone', () => {
    const line = `NOTE:${a(70)}`;
    expect(octets(line)).toBe(75);
    expect(fold(line)).toEqual([line]);
    const cjk = `NOTE:${'山'.repeat(23)}`;
    expect(octets(cjk)).toBe(74);
    expect(fold(cjk)).toEqual([cjk]);
  });

  it('folds ASCII at exactly 75 octets, continuation lines carry 74 after the space', () => {
    expect(fold(`NOTE:${a(70)}bcd${a(73)}xyz`)).toEqual([`NOTE:${a(70)}`, ` bcd${a(71)}`, ` ${a(2)}xyz`]);
  });

  it('keeps every input CRLF and the final one', () => {
    const card = `BEGIN:VCARD\r\nNOTE:${a(80)}\r\nEND:VCARD\r\n`;
    expect(foldVCardLines(card)).toBe(`BEGIN:VCARD\r\nNOTE:${a(70)}\r\n ${a(10)}\r\nEND:VCARD\r\n`);
  });

  it('never splits an emoji (a surrogate pair, 4 octets) at the boundary', () => {
    // 5 + 68 = 73 octets; the emoji would end at 77.
    expect(fold(`NOTE:${a(68)}😀b`)).toEqual([`NOTE:${a(68)}`, ' 😀b']);
    // 5 + 66 + 4 = 75: the emoji ends exactly at the limit and stays on the first line.
    expect(fold(`NOTE:${a(66)}😀b`)).toEqual([`NOTE:${a(66)}😀`, ' b']);
  });

  it('never splits a CJK character (3 octets) at the boundary', () => {
    // 5 + 1 + 23·3 = 75 exactly, the 24th character goes on.
    expect(fold(`NOTE:a${'山'.repeat(24)}`)).toEqual([`NOTE:a${'山'.repeat(23)}`, ' 山']);
    // 5 + 2 + 22·3 = 73: the 23rd would end at 76.
    expect(fold(`NOTE:aa${'山'.repeat(24)}`)).toEqual([`NOTE:aa${'山'.repeat(22)}`, ' 山山']);
  });

  it('never splits a \\x escape pair', () => {
    // 74 octets, then "\," would straddle: the whole pair moves on.
    expect(fold(`NOTE:${a(69)}\\,b`)).toEqual([`NOTE:${a(69)}`, ' \\,b']);
    // The pair ends exactly at 75.
    expect(fold(`NOTE:${a(68)}\\,b`)).toEqual([`NOTE:${a(68)}\\,`, ' b']);
    // An escaped backslash followed by an escaped comma: break between the pairs, not inside.
    expect(fold(`NOTE:${a(68)}\\\\\\,b`)).toEqual([`NOTE:${a(68)}\\\\`, ' \\,b']);
    expect(fold(`NOTE:${a(69)}\\\\\\,b`)).toEqual([`NOTE:${a(69)}`, ' \\\\\\,b']);
    // \n escapes at the boundary.
    expect(fold(`NOTE:${a(69)}\\nb`)).toEqual([`NOTE:${a(69)}`, ' \\nb']);
  });

  it('keeps a long run of escaped backslashes in whole pairs', () => {
    const line = `NOTE:${'\\'.repeat(300)}`;
    const lines = fold(line);
    expect(lines.map(octets)).toEqual([75, 75, 75, 75, 9]);
    // 70 backslashes after "NOTE:" would be 35 whole pairs; each continuation holds 74 = 37 pairs.
    expect(lines[0]).toBe(`NOTE:${'\\'.repeat(70)}`);
    expect(lines.slice(1).every((physical) => (physical.length - 1) % 2 === 0)).toBe(true);
  });

  it('prefers grapheme cluster boundaries: e + combining acute stays together', () => {
    // "e" would still fit at octet 75, U+0301 would not: break before the "e".
    expect(fold(`NOTE:${a(69)}e\u0301z`)).toEqual([`NOTE:${a(69)}`, ' e\u0301z']);
  });

  it('keeps an emoji ZWJ sequence (11 octets) together', () => {
    expect(fold(`NOTE:${a(65)}👩\u200d💻z`)).toEqual([`NOTE:${a(65)}`, ' 👩\u200d💻z']);
  });

  it('keeps a flag (two regional indicators) together', () => {
    expect(fold(`NOTE:${a(67)}🇩🇪z`)).toEqual([`NOTE:${a(67)}`, ' 🇩🇪z']);
  });

  it('splits a cluster longer than a line at code points, since nothing else fits', () => {
    const zalgo = `Z${'\u0335'.repeat(60)}`; // one cluster of 121 octets
    const lines = fold(`NOTE:${zalgo}`);
    expect(lines.map(octets)).toEqual([74, 53]);
    expect(lines[0]).toBe(`NOTE:Z${'\u0335'.repeat(34)}`);
    expect(lines.join('').replaceAll(' ', '')).toBe(`NOTE:${zalgo}`);
  });

  it('prefers not to break next to a space', () => {
    // Octet 75 is the space; breaking after it or before it would leave a blank at a line edge.
    expect(fold(`NOTE:${a(69)} bbbbbbbbbb`)).toEqual([`NOTE:${a(68)}`, ' a bbbbbbbbbb']);
  });

  it('breaks next to a space when a run of spaces leaves no other choice', () => {
    const line = `NOTE:${' '.repeat(100)}`;
    expect(fold(line)).toEqual([`NOTE:${' '.repeat(70)}`, ` ${' '.repeat(30)}`]);
  });

  it('folds a 2 KB line into physical lines of at most 75 octets that unfold to the input', () => {
    const line = `NOTE:${'Grüße aus Köln 😀 \\, 山田 e\u0301 👩\u200d💻 '.repeat(60)}`;
    const folded = foldVCardLines(`${line}\r\n`);
    const lines = folded.split('\r\n').slice(0, -1);
    expect(octets(line)).toBeGreaterThan(2000);
    for (const physical of lines) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((physical) => physical.startsWith(' '))).toBe(true);
    expect(folded.replaceAll('\r\n ', '')).toBe(`${line}\r\n`);
  });
});
