/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ZBarScanner, scanRGBABuffer } from '@undecaf/zbar-wasm';
import { Browser, BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { qrOnlyScanner } from './qr-image-reader';
import { PROGRAMS } from './system-program';
import { listenTestApp } from './test-app';

// The playground in a real Chromium (Debian's, never a browser download), as a person uses it. A
// page opened here is watched: when it closes, it must have fetched nothing from another origin
// and logged no console error beyond the API statuses a test provokes on purpose.

export const CHROMIUM = PROGRAMS.chromium.program;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The eight flat fields by their labels on the page. */
export const LABELS = {
  fullName: 'Full name',
  organization: 'Organization',
  title: 'Title',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  address: 'Address',
  note: 'Note',
} as const;
export type Field = keyof typeof LABELS;
export type Contact = Partial<Record<Field, string>>;

export interface VCardBody {
  vcard: string;
  qrPayload: string;
  qr: { bytes: number; minVersion: Record<'L' | 'M' | 'Q' | 'H', number | null>; warnings: unknown[] };
}

export interface CreateAnswer {
  status: number;
  body: VCardBody & { error?: { details?: { fields?: Array<{ field: string; message: string }> } } };
  retryAfter: string | null;
}

/** Where the page's controls and its wider boxes overflow the viewport, and the page's own width. */
export function overflow(page: Page): Promise<{ scrollWidth: number; outside: string[] }> {
  return page.evaluate(() => {
    const selector = 'input, select, textarea, button, summary, canvas, img, meter, pre, table, #problem';
    // The file input is drawn by its label (the input itself is a 1-pixel box kept for the keyboard).
    const outside = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.getClientRects().length > 0 && (element as HTMLInputElement).type !== 'file')
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const tooNarrow = box.width < 24 && (element as HTMLInputElement).type !== 'checkbox';
        return box.left < 0 || box.right > innerWidth || tooNarrow;
      })
      .map((element) => element.id || element.getAttribute('name') || element.tagName);
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  });
}

/** The JSON body of the playground's curl command: what its form would send now. */
export async function formContact(page: Page): Promise<unknown> {
  const command = (await page.locator('#curl').textContent())!;
  return JSON.parse(/-d '((?:[^']|'\\'')*)'$/.exec(command)![1].replace(/'\\''/g, "'"));
}

let scanner: ZBarScanner | undefined;

/** The bytes in a QR code image (PNG), read by zbar (WebAssembly) in binary mode: no charset guessing. */
export async function decodePng(png: Buffer): Promise<Buffer> {
  scanner ??= await qrOnlyScanner();
  const image = PNG.sync.read(png);
  const rgba = image.data.buffer.slice(
    image.data.byteOffset,
    image.data.byteOffset + image.data.byteLength,
  ) as ArrayBuffer;
  const symbols = await scanRGBABuffer(rgba, image.width, image.height, scanner);
  expect(symbols).toHaveLength(1);
  const [symbol] = symbols;
  return Buffer.from(symbol.data.buffer, symbol.data.byteOffset, symbol.data.byteLength);
}

/** The service and one Chromium for a suite, one watched page at a time. */
export class PlaygroundBrowser {
  /** Where the suite's service (the production app) listens. */
  baseUrl = '';
  page!: Page;
  context!: BrowserContext;
  /** API statuses a test provokes on purpose: Chromium logs each as a failed resource load. */
  expectedStatuses: number[] = [];
  private app?: NestFastifyApplication;
  private browser?: Browser;
  private requests: string[] = [];
  private consoleErrors: string[] = [];
  private origin = '';

  /**
   * For a describe block: the service on a free port and Chromium, started before its tests and
   * closed after them; each test's page is checked and closed after the test.
   */
  static forSuite(): PlaygroundBrowser {
    const playground = new PlaygroundBrowser();
    beforeAll(async () => {
      const { app, baseUrl } = await listenTestApp();
      playground.app = app;
      playground.baseUrl = baseUrl;
      await playground.launch();
    }, 60_000);
    afterAll(async () => {
      await playground.browser?.close();
      await playground.app?.close();
    });
    afterEach(() => playground.closePage());
    return playground;
  }

  /**
   * A new Chromium for the suite's tests from here on, the one before closed: for a test that must
   * not inherit what earlier tests left in the browser process (its focus, its clipboard).
   */
  async launch(): Promise<void> {
    await this.browser?.close();
    this.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  }

  /** A fresh page at `url`, once its template list (loaded in the background) is in. */
  async open(url: string, viewport = { width: 1200, height: 1100 }): Promise<Page> {
    this.context = await this.browser!.newContext({ acceptDownloads: true, viewport });
    this.page = await this.context.newPage();
    this.requests = [];
    this.consoleErrors = [];
    this.expectedStatuses = [];
    this.origin = new URL(url).origin;
    this.page.on('request', (request) => this.requests.push(request.url()));
    this.page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
    this.page.on('pageerror', (error) => this.consoleErrors.push(error.message));
    await this.page.goto(url);
    await this.page.waitForFunction(() => document.querySelectorAll('#template option').length > 1);
    return this.page;
  }

  /** Closes the page after checking what it fetched and logged. */
  async closePage(): Promise<void> {
    for (const url of this.requests) {
      if (url.startsWith('data:') || url.startsWith('blob:')) continue;
      expect(new URL(url).origin).toBe(this.origin);
    }
    const provoked = new RegExp(
      `^Failed to load resource: the server responded with a status of (${this.expectedStatuses.join('|') || 'none'}) `,
    );
    expect(this.consoleErrors.filter((text) => !provoked.test(text))).toEqual([]);
    await this.context.close();
  }

  async fill(contact: Contact): Promise<void> {
    for (const [field, value] of Object.entries(contact) as Array<[Field, string]>) {
      await this.page.getByLabel(LABELS[field], { exact: true }).fill(value);
    }
  }

  /** Presses Create and returns the API's answer to the page's own request. */
  async create(): Promise<CreateAnswer> {
    const answer = this.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/v1/vcard' && response.request().method() === 'POST',
    );
    await this.page.getByRole('button', { name: 'Create', exact: true }).click();
    const response = await answer;
    // The page re-enables the button once it has drawn the result or marked the errors.
    await this.page.waitForFunction(() => !(document.getElementById('create') as HTMLButtonElement).disabled);
    return {
      status: response.status(),
      body: await response.json(),
      retryAfter: await response.headerValue('retry-after'),
    };
  }

  focusedId(): Promise<string | undefined> {
    return this.page.evaluate(() => document.activeElement?.id);
  }

  /** The text of the elements an input's aria-describedby names: what a screen reader reads after its label. */
  describedBy(input: Locator): Promise<string> {
    return input.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .filter((text) => text !== '')
        .join(' '),
    );
  }

  /** The bytes of the QR code on the screen. */
  async screenQrBytes(): Promise<Buffer> {
    return decodePng(await this.page.getByRole('img', { name: 'QR code' }).screenshot());
  }
}
