/// <reference lib="dom" />
import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROMIUM, decodePng, overflow, PlaygroundBrowser } from '../utils/playground-browser';
import { describeWithProgram } from '../utils/system-program';

// The style panel of the playground, in Chromium: colours, shapes, a logo and a caption previewed
// live by the service's own renderer (the bundled src/lib/qr/style), the preview read back by zbar
// to the card on screen, values the service would refuse marked before anything is sent, with the
// keyboard alone and on a phone.

const CARD = {
  fullName: 'Zoë Ångström',
  organization: 'Analytical Engines Ltd',
  phone: '+44 20 7946 0958',
  email: 'zoe@example.com',
  website: 'https://example.com/zoe',
};

/** A 64 × 64 PNG logo: a dark blue square. */
function logoPng(): Buffer {
  const image = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([20, 40, 120, 255], i);
  return PNG.sync.write(image);
}

describeWithProgram(CHROMIUM, 'apt-get install -y chromium')('the playground: style panel, in Chromium', () => {
  const playground = PlaygroundBrowser.forSuite();
  let page: Page;

  const preview = (page_: Page) => page_.getByRole('img', { name: 'Preview of the styled code' });

  /** The bytes zbar reads from the preview as Chromium draws it. */
  const previewBytes = async (): Promise<Buffer> => decodePng(await preview(page).screenshot());

  /** Waits for the preview to be drawn again after a change. */
  const previewed = (): Promise<unknown> =>
    page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));

  it('colours, shapes, a logo and a caption: the live preview reads back to the card on screen', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    await playground.fill(CARD);
    const { body } = await playground.create();
    await page.locator('#styling summary').click();
    await previewed();
    expect(Buffer.compare(await previewBytes(), Buffer.from(body.qrPayload, 'utf8'))).toBe(0);

    await page.getByLabel('Modules', { exact: true }).fill('#1d3557');
    await page.getByLabel('Module shape').selectOption('rounded');
    await page.getByLabel('Finder shape').selectOption('circle');
    await page.getByLabel(/^Logo file/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.includes('raised to H'));
    await page.getByLabel(/^Caption \(/).fill('Scan to save my card');
    await previewed();
    expect(await page.locator('#style-caption').textContent()).toMatch(
      /^Preview: version \d+, level H, raised to H for the logo, contrast [\d.]+:1\./,
    );
    expect(Buffer.compare(await previewBytes(), Buffer.from(body.qrPayload, 'utf8'))).toBe(0);
  });

  it('values the service would refuse are marked at their controls before anything is sent', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/qrcodes') posts.push(request.url());
    });
    await playground.fill(CARD);
    await playground.create();
    await page.locator('#styling summary').click();
    await previewed();
    const dark = page.getByLabel('Modules', { exact: true });
    await dark.fill('#dddddd');
    await page.getByText('Fix the marked values to see the code.').waitFor();
    expect(await dark.getAttribute('aria-invalid')).toBe('true');
    expect(await playground.describedBy(dark)).toMatch(/^Contrast against colors\.light is below 3:1/);
    expect(await preview(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Check readability' }).isDisabled()).toBe(true);

    // Lighter than the background: an inverted code, which many scanners cannot read.
    await page.getByLabel('Background', { exact: true }).fill('#222222');
    await page.waitForFunction(() => document.getElementById('m-s-dark')!.textContent!.includes('inverted'));
    await page.getByLabel('Background', { exact: true }).fill('#ffffff');
    await dark.fill('#000000');
    await previewed();
    expect(await dark.getAttribute('aria-invalid')).toBeNull();

    // A logo at level L clears more than the level recovers.
    await page.getByLabel('Correction level').selectOption('L');
    await page.getByLabel(/^Logo file/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByText('The logo is too large for this code').waitFor();
    expect(await playground.describedBy(page.getByLabel('Logo size'))).toMatch(/logo/i);
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await previewed();
    expect(posts).toEqual([]);
  });

  it('with the keyboard alone: open the panel, choose shapes with the arrow keys, type a caption', async () => {
    page = await playground.open(`${playground.baseUrl}/`);
    await playground.fill(CARD);
    const { body } = await playground.create();
    await page.locator('#styling summary').focus();
    await page.keyboard.press('Enter');
    await previewed();
    await page.getByLabel('Module shape').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Module shape').inputValue()).toBe('rounded');
    await page.keyboard.press('Tab');
    expect(await playground.focusedId()).toBe('s-finders');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Finder shape').inputValue()).toBe('rounded');
    await page.getByLabel(/^Caption \(/).focus();
    await page.keyboard.type('Zoë Ångström');
    await page.waitForFunction(() => !document.getElementById('style-preview')!.hidden);
    await previewed();
    expect(Buffer.compare(await previewBytes(), Buffer.from(body.qrPayload, 'utf8'))).toBe(0);
  });

  it.each([360, 390])('fits a phone %i px wide with the panel open and a preview drawn', async (width) => {
    page = await playground.open(`${playground.baseUrl}/`, { width, height: 800 });
    await playground.fill(CARD);
    await playground.create();
    await page.locator('#styling summary').click();
    await previewed();
    await page.getByLabel(/^Caption \(/).fill('Scan to save my card');
    await previewed();
    expect(await overflow(page)).toEqual({ scrollWidth: width, outside: [] });
  });
});
