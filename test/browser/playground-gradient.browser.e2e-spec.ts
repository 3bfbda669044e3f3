/// <reference lib="dom" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { ringLogo, SHORT_CONTACT } from '../fixtures/styled/styled-fixtures';
import { decodePng, overflow, PlaygroundBrowser } from '../utils/playground-browser';
import { zbarimgRead } from '../utils/styled-code-readers';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';

// The style panel's gradients and finder colours, in Chromium against the real POST /v1/qrcodes:
// a gradient chosen (solid, linear with a rotation, or radial; 2 to 4 stops) and the finders' frame
// and ball apart, the live preview drawn by the service's own renderer with an SVG gradient, the
// check beside it, the PNG and SVG downloaded and read back by zbarimg (the SVG drawn by librsvg
// first), a low-contrast gradient marked with the service's own words, the keyboard alone at 375 px.

const CARD = {
  fullName: 'Zoë Ångström',
  organization: 'Analytical Engines Ltd',
  phone: '+44 20 7946 0958',
  email: 'zoe@example.com',
};

/** What the panel sends for a linear gradient turned 90° from black to a deep purple. */
const LINEAR = {
  type: 'linear',
  rotation: 90,
  stops: [
    { offset: 0, color: '#000000' },
    { offset: 1, color: '#5a189a' },
  ],
};

/** The share of a screenshot's pixels that `colour` accepts. */
function share(png: Buffer, colour: (r: number, g: number, b: number) => boolean): number {
  const { data, width, height } = PNG.sync.read(png);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (colour(data[i], data[i + 1], data[i + 2])) count++;
  return count / (width * height);
}
/** Purple, as the linear gradient towards #5a189a draws it (never grey, black or white). */
const PURPLE = (r: number, g: number, b: number) => b > 60 && b > g + 40 && r > g + 15;
/** The finders' frame, #7b1020. */
const FRAME_RED = (r: number, g: number, b: number) => r > 90 && g < 50 && r > b + 40;

interface Unreadable {
  error: { code: string; hint: string; details: { suggestions: Array<{ parameter: string; value: unknown }> } };
}

interface Refusal {
  error: { code: string; details: { fields: Array<{ field: string; issue: string; message: string }> } };
}

describeWithPrograms([PROGRAMS.chromium, PROGRAMS.zbarimg, PROGRAMS.rsvgConvert])(
  'the playground: gradients and finder colours, in Chromium',
  () => {
    const playground = PlaygroundBrowser.forSuite();
    let page: Page;
    let folder: string;

    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'playground-gradient-'));
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    const preview = () => page.getByRole('img', { name: 'Preview of the styled code' });
    /** A stop's input in the gradient of `paint` (Modules, Background): in its group, as a screen reader says it. */
    const stop = (paint: string, label: string) =>
      page.getByRole('group', { name: `${paint} gradient` }).getByLabel(label, { exact: true });
    const previewed = (): Promise<unknown> =>
      page.waitForFunction(() => document.getElementById('style-caption')!.textContent!.startsWith('Preview:'));

    const openPanel = async (viewport?: { width: number; height: number }): Promise<string> => {
      page = await playground.open(`${playground.baseUrl}/`, viewport);
      await playground.fill(CARD);
      const { body } = await playground.create();
      await page.locator('#styling summary').click();
      await previewed();
      return body.qrPayload;
    };

    const download = async (button: string, file: string): Promise<Buffer> => {
      const [saved] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button }).click(),
      ]);
      await saved.saveAs(join(folder, file));
      expect(saved.suggestedFilename()).toBe(`Zoe-Angstrom.${file.split('.').pop()}`);
      return readFileSync(join(folder, file));
    };

    it('a linear gradient and the finders’ frame and ball apart: previewed, checked, the PNG and SVG read back by zbarimg', async () => {
      const payload = await openPanel();
      const solid = await preview().screenshot();
      expect(share(solid, PURPLE)).toBe(0);
      await page.getByLabel('Modules fill').selectOption('linear');
      // The gradient starts from the colour chosen so far; the rotation shows for a linear one only.
      expect(await stop('Modules', 'Stop 1 colour').inputValue()).toBe('#000000');
      await page.getByLabel('Modules gradient rotation (degrees)').fill('90');
      await stop('Modules', 'Stop 2 colour').fill('#5a189a');
      await page.getByLabel('Finder frame and ball in colours of their own').check();
      await page.getByLabel('Finder frame', { exact: true }).fill('#7b1020');
      await page.getByLabel('Finder ball', { exact: true }).fill('#003049');
      await previewed();
      // Depends on the service's renderer drawing gradients: the modules turn purple towards the
      // bottom, the finders' frames red, and the code on the screen still reads to the card.
      const drawn = await preview().screenshot();
      expect(share(drawn, PURPLE)).toBeGreaterThan(0.02);
      expect(share(drawn, FRAME_RED)).toBeGreaterThan(0.005);
      expect((await decodePng(drawn)).toString('utf8')).toBe(payload);

      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/qrcodes');
      await page.getByRole('button', { name: 'Check readability' }).click();
      const response = await answer;
      const sent = JSON.parse(response.request().postData()!) as { style: { colors: unknown } };
      expect(sent.style.colors).toEqual({
        dark: LINEAR,
        light: '#ffffff',
        finderFrame: '#7b1020',
        finderBall: '#003049',
      });
      expect(response.status()).toBe(200);
      await page.locator('#style-report').waitFor();
      const facts = await page.locator('#style-facts li').allTextContents();
      expect(facts[0]).toBe('Read back to exactly this card by ZBar and ZXing.');
      expect(
        facts.some((fact) => /^Proven as a phone would see it: read at three sizes, .* of the 7 /.test(fact)),
      ).toBe(true);

      expect(zbarimgRead(await download('Download styled PNG', 'styled.png'))?.toString('utf8')).toBe(payload);
      const svg = await download('Download styled SVG', 'styled.svg');
      expect(svg.toString('utf8')).toContain('<linearGradient');
      const drawnByLibrsvg = spawnSync('rsvg-convert', ['-w', '600', '-b', 'white', '-f', 'png'], {
        input: svg,
        timeout: 20_000,
      });
      expect(drawnByLibrsvg.status).toBe(0);
      expect(zbarimgRead(drawnByLibrsvg.stdout)?.toString('utf8')).toBe(payload);
      expect((await download('Download styled PDF', 'styled.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('a low-contrast gradient is marked with the service’s own words, and the service refuses it the same way', async () => {
      await openPanel();
      const posts: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/v1/qrcodes') posts.push(request.url());
      });
      await page.getByLabel('Background fill').selectOption('radial');
      expect(await page.getByLabel('Background gradient rotation (degrees)').isVisible()).toBe(false);
      await stop('Background', 'Stop 2 colour').fill('#404040');
      await page.getByText('Fix the marked values to see the code.').waitFor();
      expect(await preview().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Check readability' }).isDisabled()).toBe(true);
      const marked = page.locator('#style-form [aria-invalid="true"]');
      expect(await marked.count()).toBe(1);
      const shown = await playground.describedBy(marked);

      // Depends on the service judging gradients: it refuses the same style, in the same words.
      const style = {
        colors: {
          dark: '#000000',
          light: {
            type: 'radial',
            stops: [
              { offset: 0, color: '#ffffff' },
              { offset: 1, color: '#404040' },
            ],
          },
        },
        modules: 'square',
        finders: 'square',
      };
      const refused = await fetch(`${playground.baseUrl}/v1/qrcodes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ contact: CARD, style }),
      });
      expect(refused.status).toBe(400);
      const { error } = (await refused.json()) as Refusal;
      expect(error.code).toBe('invalid_style');
      expect(error.details.fields.map(({ issue }) => issue)).toEqual(['low_contrast']);
      expect(shown).toBe(error.details.fields[0].message);
      expect(posts).toEqual([]);

      // A lighter stop clears it.
      await stop('Background', 'Stop 2 colour').fill('#dbe9f6');
      await previewed();
      expect(await marked.count()).toBe(0);
    });

    it('a gradient code the proof refuses: why, and each change the service tried and saw read, in words', async () => {
      // Dots, circle finders and a ring logo on a short card held at version 10: the proof refuses it.
      page = await playground.open(`${playground.baseUrl}/`);
      await playground.fill(SHORT_CONTACT);
      await page.getByLabel('Error correction').selectOption('H');
      await page.getByLabel('Fit to QR version').selectOption('10');
      await playground.create();
      await page.locator('#styling summary').click();
      await page.getByLabel('Modules fill').selectOption('radial');
      await stop('Modules', 'Stop 2 colour').fill('#1d3557');
      await page.getByLabel('Module shape').selectOption('dots');
      await page.getByLabel('Finder shape').selectOption('circle');
      const ring = Buffer.from(ringLogo().split(',')[1], 'base64');
      await page.getByLabel(/^Logo file/).setInputFiles({ name: 'ring.png', mimeType: 'image/png', buffer: ring });
      await previewed();
      playground.expectedStatuses = [422];
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/qrcodes');
      await page.getByRole('button', { name: 'Check readability' }).click();
      const response = await answer;
      expect(response.status()).toBe(422);
      const { error } = (await response.json()) as Unreadable;
      expect(error.code).toBe('qr_unreadable');
      await page.locator('#style-problem').getByText('This style did not scan').waitFor();
      const said = await page.locator('#style-problem p').textContent();
      expect(said).toContain('rounded or dotted shapes are harder for scanners');
      const listed = await page.locator('#style-problem li').allTextContents();
      expect(listed).toHaveLength(error.details.suggestions.length);
      // In the panel's words: no API path, each named by the control that sets it.
      for (const item of listed)
        expect(item).toMatch(/^[^.]+ \((Finder shape|Module shape|Logo size|Correction level|Fit to QR version)\)$/);
      if (listed.length === 0) expect(said).toContain(error.hint);
      else expect(said).toMatch(/the code reads with any one of these:$/);
      expect(await page.locator('#style-report').isHidden()).toBe(true);
    });

    it('with the keyboard alone, 375 px wide: a gradient chosen, a stop added and removed', async () => {
      const width = 375;
      const payload = await openPanel({ width, height: 800 });
      await page.getByLabel('Modules fill').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByLabel('Modules fill').inputValue()).toBe('linear');
      await page.keyboard.press('Tab');
      expect(await playground.focusedId()).toBe('s-dark-rotation');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('30');
      for (let i = 0; i < 10 && (await playground.focusedId()) !== 's-dark-add-stop'; i++)
        await page.keyboard.press('Tab');
      expect(await playground.focusedId()).toBe('s-dark-add-stop');
      await page.keyboard.press('Enter');
      // The new stop goes between the two, and the focus to its colour.
      expect(await playground.focusedId()).toBe('s-dark-stop-1-color');
      const offsets = () =>
        page
          .locator('#s-dark-stops input[type="number"]')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(await offsets()).toEqual(['0', '0.5', '1']);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await playground.focusedId()).toBe('s-dark-stop-1-remove');
      await page.keyboard.press('Enter');
      expect(await offsets()).toEqual(['0', '1']);
      // Two stops are the fewest: their Remove buttons are off, and the focus is on Add a stop.
      expect(await playground.focusedId()).toBe('s-dark-add-stop');
      await previewed();
      expect((await decodePng(await preview().screenshot())).toString('utf8')).toBe(payload);
      expect(await overflow(page)).toEqual({ scrollWidth: width, outside: [] });
    });
  },
);
