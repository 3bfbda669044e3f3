/// <reference lib="dom" />
import { expect, it } from '@jest/globals';
import type { Page, Response } from 'playwright-core';
import { asJpeg, blankPicture, codePicture } from '../utils/code-picture';
import { formContact, overflow, PlaygroundBrowser } from '../utils/playground-browser';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';

// Read a code on the playground, in Chromium at a phone's width: a generated picture of a code
// (placed off-centre, as on a photographed badge) pasted into the scan box or dropped on the page
// is sent to POST /v1/scans; the page outlines the code on its canvas where the code is, fills the
// form with the code's contact and makes its card; a picture without a code is explained.

const CONTACT = { fullName: 'Ada Lovelace', organization: 'Analytical Engines', email: 'ada@example.com' };
const PHONE = { width: 375, height: 812 };
const OUTLINE = [0xe0, 0x00, 0x7a];

interface ScanAnswer {
  codes: Array<{ position: Array<{ x: number; y: number }>; import?: { contact: Record<string, unknown> } }>;
}

const isScan = (response: Response): boolean => new URL(response.url()).pathname === '/v1/scans';

/** Puts `bytes` on the page as a File, then pastes it into the scan box or drops it on the page. */
async function give(page: Page, bytes: Buffer, type: string, how: 'paste' | 'drop'): Promise<Response> {
  const answer = page.waitForResponse(isScan);
  await page.evaluate(
    ({ data, type, how }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], how === 'drop' ? 'badge.jpg' : 'image.png', { type }));
      const target = how === 'paste' ? document.getElementById('scan-zone')! : document.body;
      const event =
        how === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
    },
    { data: [...bytes], type, how },
  );
  return answer;
}

/** The canvas pixel (RGB) at image pixel (x, y), and the canvas's scale from image pixels. */
function canvasPixel(page: Page, x: number, y: number, imageWidth: number): Promise<number[]> {
  return page.evaluate(
    ({ x, y, imageWidth }) => {
      const canvas = document.getElementById('scan-canvas') as HTMLCanvasElement;
      const scale = canvas.width / imageWidth;
      const pixel = canvas.getContext('2d')!.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
      return [pixel[0], pixel[1], pixel[2]];
    },
    { x, y, imageWidth },
  );
}

describeWithPrograms([PROGRAMS.chromium])('the playground: read a code from an image, in Chromium', () => {
  const playground = PlaygroundBrowser.forSuite();

  /** The vCard text the service writes for CONTACT: what a badge's code holds. */
  async function badgeText(): Promise<string> {
    const response = await fetch(`${playground.baseUrl}/v1/vcard`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(CONTACT),
    });
    return ((await response.json()) as { qrPayload: string }).qrPayload;
  }

  it('a pasted PNG and a dropped JPEG: the code outlined where it is, the form filled, no sideways scroll', async () => {
    const picture = codePicture(await badgeText(), 720, 540, { left: 180, top: 110, module: 6 });
    const page = await playground.open(`${playground.baseUrl}/`, PHONE);
    for (const [bytes, type, how] of [
      [picture.png, 'image/png', 'paste'],
      [asJpeg(picture.png), 'image/jpeg', 'drop'],
    ] as const) {
      await page.getByLabel('Full name', { exact: true }).fill('');
      const response = await give(page, bytes, type, how);
      expect(response.status()).toBe(200);
      const answer = (await response.json()) as ScanAnswer;
      expect(answer.codes).toHaveLength(1);
      const [code] = answer.codes;
      // Where the service found the code is where it was put (within a module and a half).
      code.position.forEach((corner, i) => {
        expect(Math.abs(corner.x - picture.corners[i].x)).toBeLessThanOrEqual(9);
        expect(Math.abs(corner.y - picture.corners[i].y)).toBeLessThanOrEqual(9);
      });
      await page.waitForFunction(
        (name) => (document.getElementById('f-fullName') as HTMLInputElement).value === name,
        CONTACT.fullName,
      );
      // The outline, drawn on the image: the middle of the code's top edge, not the picture's corner.
      const [topLeft, topRight] = code.position;
      expect(await canvasPixel(page, (topLeft.x + topRight.x) / 2, (topLeft.y + topRight.y) / 2, 720)).toEqual(OUTLINE);
      expect(await canvasPixel(page, 20, 20, 720)).toEqual([0xee, 0xee, 0xee]);
      // The form then sends exactly the code's contact (its email in More fields' list, as imported).
      expect(await formContact(page)).toEqual(code.import!.contact);
      expect(code.import!.contact).toMatchObject({ organization: CONTACT.organization });
      await expect(page.locator('#scan-summary').textContent()).resolves.toMatch(
        /1 code found; code 1 holds a contact/,
      );
      await expect(page.locator('#scan-codes').textContent()).resolves.toMatch(
        /Read by ZBar and ZXing, to the same text/,
      );
      await expect(page.locator('#import-summary').textContent()).resolves.toMatch(/nothing left out/);
      // The card is made from the filled form.
      await page.waitForFunction(() => !(document.getElementById('output') as HTMLElement).hidden);
      const { scrollWidth, outside } = await overflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      expect(outside).toEqual([]);
    }
  });

  it('a picture without a code is explained, the form left as it was', async () => {
    const page = await playground.open(`${playground.baseUrl}/`, PHONE);
    playground.expectedStatuses.push(422);
    await page.getByLabel('Full name', { exact: true }).fill('Grace Hopper');
    const response = await give(page, blankPicture(400, 300), 'image/png', 'paste');
    expect(response.status()).toBe(422);
    await page.waitForFunction(() => /No QR code/.test(document.getElementById('scan-summary')!.textContent ?? ''));
    expect(await page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Grace Hopper');
  });
});
