/// <reference lib="dom" />
import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { CHROMIUM, overflow, PlaygroundBrowser } from '../utils/playground-browser';
import { describeWithProgram } from '../utils/system-program';

// What a person meets first on the playground: a failed Create never leaves an older contact's
// code on screen, the page fits a phone, and a rejected field is named by its label, next to the
// field and in the banner a screen reader announces.

const PHONE_WIDTHS = [360, 375, 390];

describeWithProgram(CHROMIUM, 'apt-get install -y chromium')('the playground on first use, in Chromium', () => {
  const playground = PlaygroundBrowser.forSuite();
  let page: Page;

  const downloads = ['Download .vcf', 'Download PNG', 'Download SVG'];
  const downloadsDisabled = (): Promise<boolean[]> =>
    Promise.all(downloads.map((name) => page.getByRole('button', { name, includeHidden: true }).isDisabled()));

  it("a failed Create clears the previous contact's code and vCard, and disables the downloads", async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    playground.expectedStatuses = [400];
    await playground.fill({ fullName: 'Ada Lovelace', email: 'ada@example.com' });
    expect((await playground.create()).status).toBe(200);
    expect(await page.getByRole('img', { name: 'QR code' }).isVisible()).toBe(true);
    expect(await downloadsDisabled()).toEqual([false, false, false]);

    await playground.fill({ fullName: 'Grace Hopper', email: 'not-an-email' });
    expect((await playground.create()).status).toBe(400);
    expect(await page.getByRole('img', { name: 'QR code' }).isVisible()).toBe(false);
    expect(await page.locator('#vcard').textContent()).toBe('');
    expect(await page.locator('#qr').evaluate((canvas: HTMLCanvasElement) => canvas.width * canvas.height)).toBe(0);
    expect(await downloadsDisabled()).toEqual([true, true, true]);

    await playground.fill({ email: 'grace@example.com' });
    const { status, body } = await playground.create();
    expect(status).toBe(200);
    expect(await downloadsDisabled()).toEqual([false, false, false]);
    expect(Buffer.compare(await playground.screenQrBytes(), Buffer.from(body.qrPayload, 'utf8'))).toBe(0);
  });

  it('a level the card does not fit clears the code until a level it fits is chosen', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    // About 2,400 bytes: a code at level L (2,953), none at level H (1,273).
    await playground.fill({ fullName: 'Ada Lovelace', note: 'n'.repeat(1990), address: 'a'.repeat(300) });
    await page.getByLabel('Error correction').selectOption('L');
    const { status, body } = await playground.create();
    expect(status).toBe(200);
    expect(body.qr.minVersion.H).toBeNull();
    await page.getByLabel('Error correction').selectOption('H');
    await page.getByRole('alert').getByText('does not fit a QR code at level H').waitFor();
    expect(await page.getByRole('img', { name: 'QR code' }).isVisible()).toBe(false);
    expect(await downloadsDisabled()).toEqual([true, true, true]);
    await page.getByLabel('Error correction').selectOption('L');
    await page.getByRole('img', { name: 'QR code' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('alert', { includeHidden: true }).textContent()).toBe('');
    expect(Buffer.compare(await playground.screenQrBytes(), Buffer.from(body.qrPayload, 'utf8'))).toBe(0);
  });

  it.each(PHONE_WIDTHS)('fits a phone %i px wide: no horizontal scroll, every control whole', async (width) => {
    page = await playground.open(`${playground.baseUrl}/`, { width, height: 800 });
    await page.locator('#more summary').click();
    expect(await overflow(page)).toEqual({ scrollWidth: width, outside: [] });
    await playground.fill({ fullName: 'Zoë Ångström', website: 'https://example.com/a/rather/long/path/to/a/page' });
    await page.getByLabel('Phone number', { exact: true }).fill('+44 7700 900123');
    expect((await playground.create()).status).toBe(200);
    expect(await overflow(page)).toEqual({ scrollWidth: width, outside: [] });
  });

  it('names rejected fields by their labels, next to each field and in the announced banner; the first gets the focus', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    playground.expectedStatuses = [400];
    const banner = page.getByRole('alert', { includeHidden: true });
    expect(await banner.getAttribute('aria-live')).toBe('assertive');
    await playground.fill({ fullName: 'Ada', email: 'not-an-email', website: 'javascript:alert(1)' });
    await page.locator('#more summary').click();
    await page.getByRole('button', { name: 'Add phone' }).click();
    await page.locator('#f-phones\\[1\\]\\.number').fill('call me');
    const { status, body } = await playground.create();
    expect(status).toBe(400);
    const issues = body.error!.details!.fields!;
    expect(issues.map((issue) => issue.field).sort()).toEqual(['email', 'phones[1].number', 'website']);

    const text = (await banner.textContent()) ?? '';
    expect(text).toBe('Please fix 3 fields: Email, Website, and Phone number (row 2).');
    expect(text).not.toMatch(/error\.details|request body/);
    const email = page.getByLabel('Email', { exact: true });
    expect(await playground.describedBy(email)).toBe('Email must be a valid email address');
    expect(await playground.describedBy(page.getByLabel('Website', { exact: true }))).toMatch(/^Website must be /);
    expect(await playground.describedBy(page.locator('#f-phones\\[1\\]\\.number'))).toMatch(
      /^Phone number must hold 3 to 20 digits/,
    );
    expect(await playground.focusedId()).toBe('f-email');
  });

  it('every control of the form, "More fields" included, has a label', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('#card-form input, #card-form select, #card-form textarea')]
        .filter((control) => control.labels === null || control.labels.length === 0)
        .map((control) => control.id),
    );
    expect(unlabelled).toEqual([]);
  });
});
