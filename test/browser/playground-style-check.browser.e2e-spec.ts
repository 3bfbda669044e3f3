/// <reference lib="dom" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROMIUM, PlaygroundBrowser } from '../utils/playground-browser';
import { zbarimg } from '../utils/print-readers';
import { describeWithProgram } from '../utils/system-program';

// The style panel's readability check, in Chromium against the real POST /v1/qrcodes: the check
// beside the preview in words, the styled PNG and SVG downloaded from the service and read back
// by zbarimg to the card on screen, a style the service refuses explained at its control, all of
// it with the keyboard alone.

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

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')(
  'the playground: styled codes checked by the service',
  () => {
    describeWithProgram(CHROMIUM, 'apt-get install -y chromium')('in Chromium', () => {
      const playground = PlaygroundBrowser.forSuite();
      let page: Page;
      let folder: string;

      beforeEach(() => {
        folder = mkdtempSync(join(tmpdir(), 'playground-style-'));
      });
      afterEach(() => rmSync(folder, { recursive: true, force: true }));

      /** What zbarimg reads from a downloaded file (an SVG is drawn by Chromium first). */
      const readDownload = async (path: string, svg: boolean): Promise<string> => {
        if (!svg) return zbarimg(path).toString('utf8');
        const drawn = await playground.context.newPage();
        const text = readFileSync(path).toString('base64');
        await drawn.setContent(`<img alt="svg" style="width:600px" src="data:image/svg+xml;base64,${text}">`);
        await drawn.getByAltText('svg').screenshot({ path: join(folder, 'svg.png') });
        await drawn.close();
        return zbarimg(join(folder, 'svg.png')).toString('utf8');
      };

      const openPanel = async (): Promise<string> => {
        page = await playground.open(`${playground.baseUrl}/`);
        await playground.fill(CARD);
        const { body } = await playground.create();
        await page.locator('#styling summary').click();
        await page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));
        return body.qrPayload;
      };

      it('colours, rounded modules, a logo and a caption: checked by the service, the report beside the preview, PNG and SVG read back by zbarimg', async () => {
        const payload = await openPanel();
        await page.getByLabel('Modules', { exact: true }).fill('#1d3557');
        await page.getByLabel('Module shape').selectOption('rounded');
        await page
          .getByLabel(/^Logo file/)
          .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
        await page.getByLabel(/^Caption \(/).fill('Scan to save my card');
        await page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));
        const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/qrcodes');
        await page.getByRole('button', { name: 'Check readability' }).click();
        const response = await answer;
        expect(response.status()).toBe(200);
        const sent = JSON.parse(response.request().postData()!) as { contact: unknown; style: Record<string, unknown> };
        expect(sent.contact).toEqual(CARD);
        expect(sent.style).toMatchObject({
          modules: 'rounded',
          colors: { dark: '#1d3557' },
          frame: { caption: 'Scan to save my card' },
        });
        await page.locator('#style-report').waitFor();
        const facts = await page.locator('#style-facts li').allTextContents();
        expect(facts[0]).toBe('Read back to exactly this card by ZBar and ZXing.');
        expect(facts[1]).toMatch(
          /^Proven as a phone would see it: read at three sizes, blurred, tilted, and as a compressed photo in uneven light, and as the file itself; each decoder read /,
        );
        expect(facts[2]).toBe('Level H, raised for the logo.');
        expect(facts.some((fact) => /^The logo covers \d+\.\d% of the code\.$/.test(fact))).toBe(true);
        // The report stands beside the preview on a desktop screen.
        const shown = (await page.getByRole('img', { name: 'Preview of the styled code' }).boundingBox())!;
        const form = (await page.locator('#style-form').boundingBox())!;
        expect(shown.x).toBeGreaterThan(form.x + form.width);

        const [png] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download styled PNG' }).click(),
        ]);
        expect(png.suggestedFilename()).toBe('Zoe-Angstrom.png');
        await png.saveAs(join(folder, 'styled.png'));
        expect(await readDownload(join(folder, 'styled.png'), false)).toBe(payload);
        const [svg] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download styled SVG' }).click(),
        ]);
        expect(svg.suggestedFilename()).toBe('Zoe-Angstrom.svg');
        await svg.saveAs(join(folder, 'styled.svg'));
        expect(readFileSync(join(folder, 'styled.svg'), 'utf8')).not.toContain('<text');
        expect(await readDownload(join(folder, 'styled.svg'), true)).toBe(payload);

        // A change takes the check and its downloads away until the new style is checked.
        await page.getByLabel('Finder shape').selectOption('circle');
        await page.waitForFunction(() => document.getElementById('style-report')!.hidden);
      });

      it('a logo the service cannot decode: its refusal is marked at the logo, in words', async () => {
        await openPanel();
        playground.expectedStatuses = [400];
        // A PNG signature and header with no image data: the page reads the header, the service the whole file.
        const broken = logoPng().subarray(0, 33);
        await page
          .getByLabel(/^Logo file/)
          .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: broken });
        await page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));
        const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/qrcodes');
        await page.getByRole('button', { name: 'Check readability' }).click();
        const response = await answer;
        expect(response.status()).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_style');
        await page.locator('#style-problem').getByText('The service refused a style value').waitFor();
        const logo = page.getByLabel(/^Logo file/);
        expect(await logo.getAttribute('aria-invalid')).toBe('true');
        expect(await playground.describedBy(logo)).toMatch(/PNG, JPEG or SVG/);
        expect(await playground.focusedId()).toBe('s-logo');
        expect(await page.locator('#style-report').isHidden()).toBe(true);
      });

      it('with the keyboard alone: a caption typed, Check readability and the PNG download with Enter', async () => {
        const payload = await openPanel();
        await page.getByLabel(/^Caption \(/).focus();
        await page.keyboard.type('Call me');
        await page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));
        for (let i = 0; i < 10 && (await playground.focusedId()) !== 'style-check'; i++)
          await page.keyboard.press('Tab');
        expect(await playground.focusedId()).toBe('style-check');
        await page.keyboard.press('Enter');
        await page.locator('#style-report').waitFor();
        for (let i = 0; i < 10 && (await playground.focusedId()) !== 'style-download-png'; i++)
          await page.keyboard.press('Tab');
        const [png] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
        await png.saveAs(join(folder, 'styled.png'));
        expect(await readDownload(join(folder, 'styled.png'), false)).toBe(payload);
      });
    });
  },
);
