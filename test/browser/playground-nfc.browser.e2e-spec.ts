/// <reference lib="dom" />
import { expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ndef from 'ndef';
import type { Download, Page } from 'playwright-core';
import { overflow, PlaygroundBrowser, VCardBody } from '../utils/playground-browser';
import { zbarimg } from '../utils/print-readers';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';

// The NFC tag choice of the playground, in Chromium: the tag fit beside the QR fit, what the
// tag's budget left out, the tag content downloaded as .ndef and read back by the NFC Forum
// layout and the independent `ndef` library, the PNG of the fitted code read by zbarimg, a card
// no tag holds explained in words, and all of it with the keyboard alone and on a phone.

interface NfcAnswer extends VCardBody {
  qr: VCardBody['qr'] & { omitted?: string[] };
  nfc: { tag: string; capacity: number; bytes: number; message: string };
}

/** The card docs/nfc.md fits to an NTAG213: its note is left out (127 of 144 bytes). */
const ADA = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0958', note: 'Bring the punched cards.' };

/** A Type 2 tag's content by the NFC Forum layout: TLV 0x03 and its length, the message, the terminator 0xFE. */
function readTagContent(content: Buffer): Buffer {
  expect(content[0]).toBe(0x03);
  const long = content[1] === 0xff;
  const length = long ? content.readUInt16BE(2) : content[1];
  const start = long ? 4 : 2;
  expect(content.length).toBe(start + length + 1);
  expect(content[content.length - 1]).toBe(0xfe);
  return content.subarray(start, start + length);
}

/** The records of an NDEF message, read by the ndef library. */
function records(message: Buffer): Array<{ tnf: number; type: string; payload: string }> {
  return ndef.decodeMessage(message).map((record) => ({
    tnf: record.tnf,
    type: Buffer.from(record.type).toString('latin1'),
    payload: Buffer.from(record.payload).toString('utf8'),
  }));
}

async function saved(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

describeWithPrograms([PROGRAMS.chromium, PROGRAMS.zbarimg])('the playground: NFC tag fit, in Chromium', () => {
  const playground = PlaygroundBrowser.forSuite();
  let page: Page;

  /** Presses Tab until the element `id` has the focus (at most 20 times). */
  const tabTo = async (id: string): Promise<void> => {
    for (let i = 0; i < 20 && (await playground.focusedId()) !== id; i++) await page.keyboard.press('Tab');
    expect(await playground.focusedId()).toBe(id);
  };

  const createFor = async (): Promise<NfcAnswer> => {
    const { status, body } = await playground.create();
    expect(status).toBe(200);
    return body as unknown as NfcAnswer;
  };

  it('an NTAG213: the tag fit beside the QR fit, what was left out, the .ndef read back by the ndef library, the PNG by zbarimg', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    await playground.fill(ADA);
    await page.getByLabel('NFC tag').selectOption('ntag213');
    expect(await page.locator('#curl').textContent()).toContain('/v1/vcard?nfc=ntag213');
    const body = await createFor();
    expect(body.nfc).toMatchObject({ tag: 'ntag213', capacity: 144, bytes: 127 });
    expect(body.qr.omitted).toEqual(['note']);

    expect(await page.locator('#nfc-fit-text').textContent()).toBe(
      '127 of 144 bytes of an NTAG213 (88%), 17 bytes free.',
    );
    const meter = page.getByRole('meter');
    expect(await meter.evaluate((element: HTMLMeterElement) => [element.value, element.max])).toEqual([127, 144]);
    expect(await page.locator('#omitted').textContent()).toBe(
      'Left out of the QR code and the NTAG213 (still in the .vcf): note.',
    );
    // The tag fit stands beside the QR fit, not under it, on a desktop screen.
    const qrFit = (await page.locator('#fit').boundingBox())!;
    const tagFit = (await page.locator('#nfc-fit').boundingBox())!;
    expect(tagFit.x).toBeGreaterThan(qrFit.x + qrFit.width);
    expect(tagFit.y).toBeLessThan(qrFit.y + qrFit.height);
    // The code on screen holds what the tag holds; the .vcf keeps the note.
    expect(Buffer.compare(await playground.screenQrBytes(), Buffer.from(body.qrPayload, 'utf8'))).toBe(0);
    expect(await page.locator('#vcard').textContent()).toContain('NOTE:Bring the punched cards.');

    const request = page.waitForRequest((sent) => sent.headers().accept === 'application/octet-stream');
    const [ndefFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .ndef' }).click(),
    ]);
    expect(new URL((await request).url()).search).toBe('?nfc=ntag213');
    expect(ndefFile.suggestedFilename()).toBe('Ada-Lovelace.ndef');
    const content = await saved(ndefFile);
    expect(content.length).toBe(body.nfc.bytes);
    const message = readTagContent(content);
    expect(message.equals(Buffer.from(body.nfc.message, 'base64'))).toBe(true);
    expect(records(message)).toEqual([{ tnf: 0x02, type: 'text/vcard', payload: body.qrPayload }]);

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    const folder = mkdtempSync(join(tmpdir(), 'playground-nfc-'));
    try {
      await png.saveAs(join(folder, 'code.png'));
      expect(zbarimg(join(folder, 'code.png')).toString('utf8')).toBe(body.qrPayload);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    // Back to no tag: the card is made again, whole, and the tag fit and its download go.
    await page.getByLabel('NFC tag').selectOption('');
    await page.waitForFunction(() => document.getElementById('nfc-fit')!.hidden);
    expect(await page.getByRole('button', { name: 'Download .ndef' }).isVisible()).toBe(false);
    await page.getByRole('img', { name: 'QR code' }).waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.getElementById('omitted')!.textContent === '');
  });

  it('a card no NTAG213 holds: the tag is marked, the banner says how many bytes and which tag holds it; choosing it makes the card', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    playground.expectedStatuses = [400];
    await playground.fill({ fullName: 'Ada Lovelace', organization: 'Analytical Engine Society of London '.repeat(4) });
    await page.getByLabel('NFC tag').selectOption('ntag213');
    const { status, body } = await playground.create();
    expect(status).toBe(400);
    const details = (body as unknown as { error: { code: string; details: { bytes: number; capacity: number } } })
      .error;
    expect(details.code).toBe('nfc_capacity_exceeded');
    const { bytes } = details.details;
    expect(bytes).toBeGreaterThan(144);
    expect(bytes).toBeLessThanOrEqual(504);
    expect(await page.getByRole('alert').textContent()).toBe(
      `This card does not fit an NTAG213, even with every optional detail left out: it needs ${bytes} bytes and the tag holds 144. Choose an NTAG215 (504 bytes), or shorten the name, organization, first phone or first email.`,
    );
    const select = page.getByLabel('NFC tag');
    expect(await select.getAttribute('aria-invalid')).toBe('true');
    expect(await playground.focusedId()).toBe('nfc');
    expect(await playground.describedBy(select)).toContain(`Needs ${bytes} bytes; an NTAG213 holds 144.`);
    expect(await page.getByRole('img', { name: 'QR code' }).isVisible()).toBe(false);

    // With the focus on the tag, the arrow key picks the larger one and the card is made at once.
    const answer = page.waitForResponse((response) => new URL(response.url()).search === '?nfc=ntag215');
    await page.keyboard.press('ArrowDown');
    expect((await answer).status()).toBe(200);
    await page.getByRole('meter').waitFor();
    expect(await page.locator('#nfc-fit-text').textContent()).toMatch(/^\d+ of 504 bytes of an NTAG215 /);
    expect(await select.getAttribute('aria-invalid')).toBeNull();
  });

  it('a tag with MECARD is explained: a tag carries a vCard', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    playground.expectedStatuses = [400];
    await playground.fill(ADA);
    await page.getByLabel('Format').selectOption('mecard');
    await page.getByLabel('NFC tag').selectOption('ntag215');
    expect((await playground.create()).status).toBe(400);
    expect(await page.getByRole('alert').textContent()).toBe(
      'An NFC tag carries a vCard, not a MECARD: choose vCard 3.0 or 4.0 as the format, or no tag.',
    );
    expect(await playground.describedBy(page.getByLabel('NFC tag'))).toContain('choose vCard 3.0 or 4.0');
  });

  it('with the keyboard alone: the tag chosen with the arrow keys, Create with Enter, the .ndef downloaded with Enter', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    await page.getByLabel('Full name', { exact: true }).focus();
    await page.keyboard.type(ADA.fullName);
    // The options stand before the fields: one Shift+Tab back is the tag.
    await page.keyboard.press('Shift+Tab');
    expect(await playground.focusedId()).toBe('nfc');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('NFC tag').inputValue()).toBe('ntag213');
    await tabTo('create');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/vcard');
    await page.keyboard.press('Enter');
    const body = (await (await answer).json()) as NfcAnswer;
    await page.getByRole('meter').waitFor();
    await tabTo('download-ndef');
    const [ndefFile] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const message = readTagContent(await saved(ndefFile));
    expect(records(message)).toEqual([{ tnf: 0x02, type: 'text/vcard', payload: body.qrPayload }]);
  });

  it.each([360, 390])('fits a phone %i px wide with the tag fit shown', async (width) => {
    page = await playground.open(`${playground.baseUrl}/`, { width, height: 800 });
    await playground.fill(ADA);
    await page.getByLabel('NFC tag').selectOption('ntag216');
    await createFor();
    await page.getByRole('meter').waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: width, outside: [] });
  });
});
