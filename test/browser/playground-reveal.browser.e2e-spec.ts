/// <reference lib="dom" />
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { CHROMIUM, PlaygroundBrowser, VCardBody } from '../utils/playground-browser';
import { describeWithProgram } from '../utils/system-program';

// The playground shows its result, in Chromium, on a laptop (1280 × 800) and a phone (390 × 844):
// after Create and after an import the QR code is wholly in the viewport and the focus is on the
// result's heading (after a file that is not imported, the reason is); a result already in sight
// does not move; the text shown under the code is the text the code carries (read back by zbar),
// with the .vcf labelled as the file; on the phone the style preview stays in sight while the
// controls below it change it.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Long enough that the .vcf folds its lines, so the file and the code's text differ. */
const CARD = {
  fullName: 'Zoë Ångström',
  organization: 'Analytical Engines Ltd',
  email: 'zoe@example.com',
  note: 'Met at the QR conference in Berlin; talks about error correction, quiet zones and finder patterns.',
};

/** A vCard 2.1 from Outlook 2003: the .vcf the service answers (folded) is 3 bytes longer than its code's text. */
const OUTLOOK_2003 = join(__dirname, '..', 'fixtures', 'import', 'outlook-2003.vcf');

interface Sight {
  /** The code's box against the viewport (CSS pixels). */
  code: { top: number; bottom: number };
  viewportHeight: number;
  scrollY: number;
  focused: string | undefined;
}

function sight(page: Page): Promise<Sight> {
  return page.evaluate(() => {
    const box = document.getElementById('qr')!.getBoundingClientRect();
    return {
      code: { top: box.top, bottom: box.bottom },
      viewportHeight: innerHeight,
      scrollY: Math.round(scrollY),
      focused: document.activeElement?.id,
    };
  });
}

/**
 * Waits (bounded) for the page to come to rest with the code wholly in the viewport: a smooth
 * scroll shows the code before it ends, so the page must also have stood still for three frames.
 * Then where it is; the caller's assertions say what is wrong when it never came to rest there.
 */
async function settled(page: Page): Promise<Sight> {
  await page
    .waitForFunction(
      () => {
        const watch = window as unknown as { lastY?: number; still?: number };
        watch.still = watch.lastY === scrollY ? (watch.still ?? 0) + 1 : 0;
        watch.lastY = scrollY;
        const box = document.getElementById('qr')!.getBoundingClientRect();
        return watch.still >= 3 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
      },
      undefined,
      { polling: 'raf', timeout: 5_000 },
    )
    .catch(() => undefined);
  return sight(page);
}

function expectInSight(seen: Sight): void {
  expect(seen.code.top).toBeGreaterThanOrEqual(0);
  expect(seen.code.bottom).toBeLessThanOrEqual(seen.viewportHeight);
  expect(seen.focused).toBe('result-title');
}

/** Scroll events from here on, and whether two frames have passed (a smooth scroll would have begun). */
async function countScrolls(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { scrolls: number };
    counted.scrolls = 0;
    addEventListener('scroll', () => counted.scrolls++);
  });
  return () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { scrolls: number }).scrolls)),
          ),
        ),
    );
}

describeWithProgram(CHROMIUM, 'apt-get install -y chromium')('the playground shows its result, in Chromium', () => {
  const playground = PlaygroundBrowser.forSuite();
  let page: Page;

  /** The text shown as the code's, as the DOM holds it and as a person sees it. */
  const shownText = async (): Promise<{ text: string; seen: string; bytes: string }> => ({
    text: (await page.locator('#payload').textContent()) ?? '',
    seen: await page.locator('#payload').innerText(),
    bytes: (await page.locator('#payload-bytes').textContent()) ?? '',
  });

  /** The text shown is the code's text: exactly qrPayload, its bytes counted, and what zbar reads from the screen. */
  async function expectShownIsEncoded(body: VCardBody): Promise<void> {
    const shown = await shownText();
    expect(shown.text).toBe(body.qrPayload);
    expect(shown.seen).toBe(body.qrPayload);
    expect(shown.bytes).toBe(String(Buffer.byteLength(body.qrPayload, 'utf8')));
    expect((await playground.screenQrBytes()).toString('utf8')).toBe(shown.text);
    // The .vcf is there too, labelled as the file, closed until opened.
    expect(await page.locator('#vcard').textContent()).toBe(body.vcard);
    expect(await page.locator('#vcard-bytes').textContent()).toBe(String(Buffer.byteLength(body.vcard, 'utf8')));
    expect(await page.locator('#vcf-text summary').textContent()).toMatch(/^The \.vcf file, \d+ bytes,/);
    expect(await page.locator('#vcard').isVisible()).toBe(false);
  }

  describe.each(VIEWPORTS)('at $width × $height', (viewport) => {
    it('after Create the code is wholly in sight, the focus on the result, and the text shown is the text encoded', async () => {
      page = await playground.open(`${playground.baseUrl}/`, viewport);
      await playground.fill(CARD);
      await page.locator('#create').scrollIntoViewIfNeeded();
      const before = await sight(page);
      const { status, body } = await playground.create();
      expect(status).toBe(200);
      // The .vcf folds this card; the code carries it unfolded.
      expect(body.vcard).not.toBe(body.qrPayload);
      const after = await settled(page);
      expectInSight(after);
      expect(after.scrollY).not.toBe(before.scrollY);
      await expectShownIsEncoded(body);
    });

    it('after an import from the top of the page the code is wholly in sight and the focus on the result', async () => {
      page = await playground.open(`${playground.baseUrl}/`, viewport);
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/vcard');
      await page.getByLabel('Choose a .vcf file').setInputFiles(OUTLOOK_2003);
      expect((await answer).status()).toBe(200);
      await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Imported'));
      expectInSight(await settled(page));
      // Chromium keeps no answer to a request whose body is a file: the same bytes, sent again.
      const direct = await fetch(`${playground.baseUrl}/v1/vcard`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/vcard' },
        body: new Uint8Array(readFileSync(OUTLOOK_2003)),
      });
      const body = (await direct.json()) as VCardBody & { import: { version: string } };
      expect(body.import.version).toBe('2.1');
      expect(Buffer.byteLength(body.vcard)).toBeGreaterThan(Buffer.byteLength(body.qrPayload));
      await expectShownIsEncoded(body);
    });

    it('a file that is not imported (two cards) is explained under the result heading, brought into sight with the focus', async () => {
      page = await playground.open(`${playground.baseUrl}/`, viewport);
      playground.expectedStatuses = [400];
      const two = Buffer.concat([readFileSync(OUTLOOK_2003), readFileSync(OUTLOOK_2003)]);
      await page
        .getByLabel('Choose a .vcf file')
        .setInputFiles({ name: 'two.vcf', mimeType: 'text/vcard', buffer: two });
      const alert = page.getByRole('alert');
      await alert.getByText('This file holds 2 cards').waitFor();
      await page
        .waitForFunction(
          () => {
            const box = document.getElementById('problem')!.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight;
          },
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      const seen = await alert.evaluate((banner) => {
        const { top, bottom } = banner.getBoundingClientRect();
        return { top, bottom, height: innerHeight, focused: document.activeElement?.id };
      });
      expect(seen.top).toBeGreaterThanOrEqual(0);
      expect(seen.bottom).toBeLessThanOrEqual(seen.height);
      expect(seen.focused).toBe('result-title');
    });

    it('with reduced motion the page is at the result as soon as it is drawn', async () => {
      page = await playground.open(`${playground.baseUrl}/`, viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await playground.fill(CARD);
      expect((await playground.create()).status).toBe(200);
      expectInSight(await sight(page));
    });

    it('a result already wholly in sight does not move; the focus still goes to it', async () => {
      page = await playground.open(`${playground.baseUrl}/`, viewport);
      await playground.fill(CARD);
      expect((await playground.create()).status).toBe(200);
      const shown = await settled(page);
      expectInSight(shown);
      await page.getByLabel('Note', { exact: true }).evaluate((note: HTMLTextAreaElement) => {
        note.value += ' Again.';
        note.focus({ preventScroll: true });
      });
      const scrolls = await countScrolls(page);
      // Create pressed where it is, without Playwright scrolling to it first.
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/vcard');
      await page.evaluate(() =>
        (document.getElementById('card-form') as HTMLFormElement).requestSubmit(document.getElementById('create')),
      );
      expect((await answer).status()).toBe(200);
      await page.waitForFunction(() => document.getElementById('payload')!.textContent!.includes('Again.'));
      expect(await scrolls()).toBe(0);
      const again = await sight(page);
      expectInSight(again);
      expect(again.scrollY).toBe(shown.scrollY);
    });
  });

  it('at 1280 × 800, Enter in a field at the top: the result beside the form is in sight, so nothing moves', async () => {
    page = await playground.open(`${playground.baseUrl}/`, VIEWPORTS[0]);
    await playground.fill({ fullName: 'Ada Lovelace' });
    const scrolls = await countScrolls(page);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/vcard');
    await page.getByLabel('Full name', { exact: true }).press('Enter');
    expect((await answer).status()).toBe(200);
    await page.getByRole('img', { name: 'QR code' }).waitFor();
    await page.waitForFunction(() => !(document.getElementById('create') as HTMLButtonElement).disabled);
    expect(await scrolls()).toBe(0);
    const seen = await sight(page);
    expectInSight(seen);
    expect(seen.scrollY).toBe(0);
  });

  it('an option that makes the card again (the NFC tag) leaves the focus on that option', async () => {
    page = await playground.open(`${playground.baseUrl}/`, VIEWPORTS[1]);
    await playground.fill({ fullName: 'Ada Lovelace' });
    expect((await playground.create()).status).toBe(200);
    const answer = page.waitForResponse((response) => new URL(response.url()).search === '?nfc=ntag215');
    await page.getByLabel('NFC tag').focus();
    await page.getByLabel('NFC tag').selectOption('ntag215');
    expect((await answer).status()).toBe(200);
    await page.getByRole('meter').waitFor();
    expect(await playground.focusedId()).toBe('nfc');
  });

  it('on a phone the style preview comes before the controls and stays in sight while each of them changes it', async () => {
    page = await playground.open(`${playground.baseUrl}/`, VIEWPORTS[1]);
    await playground.fill(CARD);
    expect((await playground.create()).status).toBe(200);
    await page.locator('#styling summary').click();
    const previewed = (): Promise<unknown> =>
      page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));
    await previewed();
    const preview = page.getByRole('img', { name: 'Preview of the styled code' });
    // Each control as a person reaches it: scrolled to, then changed.
    const changes: Array<[string, (control: Locator) => Promise<unknown>]> = [
      ['s-dark', (control) => control.fill('#1d3557')],
      ['s-modules', (control) => control.selectOption('dots')],
      ['s-finders', (control) => control.selectOption('rounded')],
      ['s-logo-size', (control) => control.fill('0.15')],
      ['s-caption', (control) => control.fill('Scan me')],
      ['s-position', (control) => control.selectOption('top')],
    ];
    for (const [id, change] of changes) {
      const drawn = await preview.getAttribute('src');
      const control = page.locator(`#${id}`);
      await control.scrollIntoViewIfNeeded();
      await change(control);
      // Each drawing is a new image: the preview was drawn again for this change.
      await page.waitForFunction(
        (before) => (document.getElementById('style-preview') as HTMLImageElement).getAttribute('src') !== before,
        drawn,
      );
      await previewed();
      const seen = await page.evaluate((controlId) => {
        const box = (element: Element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return { top, bottom };
        };
        return {
          preview: box(document.getElementById('style-preview')!),
          control: box(document.getElementById(controlId)!),
          height: innerHeight,
        };
      }, id);
      // The preview whole in the viewport, the control changed below it, neither under the other.
      expect([id, seen.preview.top >= 0, seen.preview.bottom <= seen.height]).toEqual([id, true, true]);
      expect([id, seen.control.top >= seen.preview.bottom, seen.control.bottom <= seen.height]).toEqual([
        id,
        true,
        true,
      ]);
    }
    expect(await preview.isVisible()).toBe(true);
  });
});
