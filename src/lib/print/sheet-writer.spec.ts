import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { pngLogo, styledScene } from '../../../test/fixtures/print/styled-scenes';
import { CollectingOutput, people, personItem } from '../../../test/fixtures/print/sheet-people';
import { pdfPages, pdfText, PrintFile } from '../../../test/utils/print-readers';
import { describeWithPrograms, PROGRAMS } from '../../../test/utils/system-program';
import { qrMatrix } from '../qr';
import { hasShippedGlyphs } from './sheet-fonts';
import { writeSheet, type SheetEntry } from './sheet-writer';

const files: PrintFile[] = [];
afterEach(() => files.splice(0).forEach((file) => file.done()));

async function sheet(entries: SheetEntry[], report = false, layout: Parameters<typeof writeSheet>[0] = 'card-eu') {
  const output = new CollectingOutput();
  const summary = await writeSheet(layout, entries, output, { report });
  const file = new PrintFile(output.bytes(), 'pdf');
  files.push(file);
  return { summary, file, bytes: output.bytes() };
}

const compact = (text: string) => text.replace(/\s+/g, '');

describe('which text a shipped font prints', () => {
  it('covers the six scripts and refuses what no shipped font has', () => {
    expect(['Zoë', 'Νίκος', 'Дмитрий', '王小明', '山田たろう', '김민준', 'Łódź…'].map(hasShippedGlyphs)).toEqual(
      Array(7).fill(true),
    );
    expect(['😀', 'a\u{1F600}b', '\u{10FFFD}', 'ᚠᚢᚦ'].map(hasShippedGlyphs)).toEqual([false, false, false, false]);
  });
});

describeWithPrograms([PROGRAMS.pdftotext, PROGRAMS.pdfinfo, PROGRAMS.pdfimages])('writeSheet', () => {
  it('leaves out a line no shipped font can draw, counts the item textless and reports it with the left-out and missing ones', async () => {
    const entries: SheetEntry[] = [
      personItem(0),
      personItem(1, { name: 'Party 🎉 Person' }),
      { index: 2, missing: 'the card does not fit the code box' },
      { ...personItem(3), omitted: ['urls[0]', 'phones[1].number'] },
      personItem(4, { title: 'Runes ᚠᚢᚦ' }),
    ];
    const { summary, file } = await sheet(entries, true);
    expect(summary).toEqual({ pages: 2, printed: 4, fitted: 1, missing: 1, textless: 2 });
    const page = pdfText(file, 1);
    expect(page).not.toContain('Party');
    expect(compact(page)).toContain('Διευθυντής');
    expect(page).not.toContain('Runes');
    expect(compact(page)).toContain('山田太郎');
    const report = pdfText(file, 2, undefined, { layout: true });
    expect(report).toMatch(/^Report/);
    expect(report).toContain('fitted=1, missing=1, textless=2');
    expect(report).toMatch(/1\s+text not printed \(no shipped font has a character\): name/);
    expect(report).toMatch(/2\s+missing: the card does not fit the code box/);
    expect(report).toMatch(/3\s+left out: urls\[0\], phones\[1\]\.number/);
    expect(report).toMatch(/4\s+text not printed \(no shipped font has a character\): title/);
  });

  it('with fit=auto, counts the entries as-is, trimmed and turned to MECARD, and says so on each row', async () => {
    const output = new CollectingOutput();
    const entries: SheetEntry[] = [
      personItem(0),
      { ...personItem(1), omitted: ['note'], fit: 'trimmed' },
      { ...personItem(2), omitted: ['organization', 'emails[0]'], fit: 'mecard' },
      { ...personItem(3), fit: 'mecard' },
    ];
    const summary = await writeSheet('label-5160', entries, output, { fit: 'auto' });
    expect(summary).toEqual({
      pages: 2,
      printed: 4,
      fitted: 3,
      missing: 0,
      textless: 0,
      fits: { asIs: 1, trimmed: 1, mecard: 2 },
    });
    const file = new PrintFile(output.bytes(), 'pdf');
    files.push(file);
    const report = pdfText(file, 2, undefined, { layout: true });
    expect(report).toContain('fitted=3, missing=0, textless=0, as-is=1, trimmed=1, mecard=2');
    expect(report).toMatch(/1\s+trimmed, left out: note\n/);
    // Drawn whole (poppler's raster shows every letter); pdftotext, after the sheets drawn earlier
    // in this file with the same shared faces, may read the A of MECARD from the text layer as a
    // space: the ToUnicode entries of a face shared across documents, not the drawing.
    expect(report).toMatch(/2\s+turned to MEC[A ]RD, left out: organization, emails\[0\]\n/);
    expect(report).toMatch(/3\s+turned to MEC[A ]RD\n/);
    expect(report).not.toMatch(/^\s*0\s/m);
  });

  it('ends with the report page when an entry is reported though none was expected (a code failed its check)', async () => {
    const { summary, file } = await sheet([personItem(0), { index: 1, missing: 'its styled code failed the check' }]);
    expect(summary).toEqual({ pages: 2, printed: 1, fitted: 0, missing: 1, textless: 0 });
    expect(pdfText(file, 2, undefined, { layout: true })).toMatch(/1\s+missing: its styled code failed the check/);
    expect((await sheet([personItem(0)])).summary.pages).toBe(1);
  });

  it('shrinks a long name to fit, then cuts it with an ellipsis', async () => {
    const long = 'Maximiliane Alexandrina Konstantinopoulou-Wolkenstein von Hohenzollern-Sigmaringen';
    const { file } = await sheet([personItem(0, { name: long }), personItem(1, { name: 'Jane Doe-Smithson' })]);
    const text = pdfText(file, 1);
    const cut = /Maximiliane[^\n]*…/.exec(text)?.[0] ?? '';
    expect(cut.length).toBeGreaterThan(10);
    expect(compact(long).startsWith(compact(cut).slice(0, -1))).toBe(true);
    expect(text).toContain('Jane Doe-Smithson');
  });

  it('writes a report page with nothing to report when asked, and one blank page for no items', async () => {
    expect(pdfText((await sheet(people(3), true)).file, 2)).toContain('Every contact was printed in full.');
    const empty = await sheet([]);
    expect(empty.summary.pages).toBe(1);
    expect(pdfPages(empty.file)).toHaveLength(1);
  });

  it('embeds a logo shared by every item once', async () => {
    const logo = pngLogo();
    const entries = Array.from({ length: 10 }, (_, index) => ({
      ...personItem(index),
      // A copy per item: the writer recognises the logo by its bytes, not by the object.
      scene: styledScene(qrMatrix(`item ${index}`, 'H'), 4, {
        logo: { mediaType: 'image/png', data: Uint8Array.from(logo) },
      }),
    }));
    const { file } = await sheet(entries);
    const list = spawnSync('pdfimages', ['-list', file.path], { timeout: 30_000 })
      .stdout.toString()
      .trim()
      .split('\n')
      .slice(2);
    // One row per image drawn; the object number (column 11) tells how many were stored.
    const rows = list.map((row) => row.trim().split(/\s+/));
    expect(rows.filter((row) => row[2] === 'image')).toHaveLength(10);
    expect(new Set(rows.map((row) => `${row[2]} ${row[10]}`)).size).toBe(2);
  });
});

describe('writeSheet as a stream', () => {
  it('gives the same bytes for the same entries, with no dates', async () => {
    const entries = people(14);
    const [first, second] = await Promise.all([sheetBytes(entries), sheetBytes(entries)]);
    expect(first.equals(second)).toBe(true);
    expect(first.toString('latin1')).not.toMatch(/CreationDate|ModDate|CreateDate/);
  });

  it('reads no further than the output accepts: a stalled output stops the sheet within two pages', async () => {
    let pulled = 0;
    async function* entries() {
      for (let index = 0; index < 60; index++) {
        pulled++;
        yield personItem(index);
      }
    }
    const held: (() => void)[] = [];
    const stalled = new Writable({ highWaterMark: 1024, write: (_chunk, _encoding, callback) => held.push(callback) });
    const writing = writeSheet('card-eu', entries(), stalled);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled).toBeLessThanOrEqual(31);
    // Released, it finishes: every page is written.
    const drain = setInterval(() => held.splice(0).forEach((callback) => callback()), 1);
    const summary = await writing.finally(() => clearInterval(drain));
    expect(summary.printed).toBe(60);
    expect(pulled).toBe(60);
  });

  it('finishes when the output drains before the writer asks for room (a socket that is quickly read)', async () => {
    // Each write is taken at once but fills the small buffer: 'drain' follows on the next tick,
    // before the writer's turn of the event loop at the next page.
    const quick = new Writable({ highWaterMark: 16, write: (_chunk, _encoding, callback) => callback() });
    const summary = await writeSheet('card-eu', people(45), quick);
    expect(summary.printed).toBe(45);
  });

  it('rejects and stops reading the entries when the output closes early', async () => {
    let pulled = 0;
    let finished = false;
    async function* entries() {
      try {
        for (let index = 0; index < 500; index++) {
          pulled++;
          yield personItem(index);
        }
      } finally {
        finished = true;
      }
    }
    const closing = new Writable({
      highWaterMark: 1024,
      write: (_chunk, _encoding, callback) => setTimeout(callback, 5),
    });
    setTimeout(() => closing.destroy(), 50);
    await expect(writeSheet('card-eu', entries(), closing)).rejects.toThrow();
    expect(finished).toBe(true);
    expect(pulled).toBeLessThan(500);
  });
});

async function sheetBytes(entries: SheetEntry[]): Promise<Buffer> {
  const output = new CollectingOutput();
  await writeSheet('label-l7160', entries, output, { report: true });
  return output.bytes();
}
