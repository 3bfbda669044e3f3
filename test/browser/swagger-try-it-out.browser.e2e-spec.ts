/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer, type AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { asJpeg, codePicture } from '../utils/code-picture';
import { CHROMIUM } from '../utils/playground-browser';
import { describeWithProgram } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';
import { zipArchive } from '../utils/zip-archive';

// Swagger UI at /docs in a real Chromium (Debian's), as a newcomer uses it: for every operation
// without a path parameter, "Try it out" then "Execute" with nothing changed, for each request
// media type the operation offers. Every one must succeed; the error example answers its error.
// A file body (an image to scan, a ZIP of them) is the one thing a person must give: the file input
// gets a picture of a code, as a person would choose one.

interface Operation {
  method: string;
  path: string;
  tag: string;
  operationId: string;
  bodyTypes: string[];
}

/** The file a person chooses for each file body: a picture of a code, as PNG, JPEG or WebP, or a ZIP of one. */
async function uploads(): Promise<Record<string, { name: string; mimeType: string; buffer: Buffer }>> {
  const png = codePicture('https://example.com/docs', 240, 240, { left: 40, top: 40, module: 5 }).png;
  const image = { name: 'code.png', mimeType: 'image/png', buffer: png };
  const zip = { name: 'codes.zip', mimeType: 'application/zip', buffer: zipArchive([{ name: 'code.png', data: png }]) };
  return {
    'image/png': image,
    'image/jpeg': { name: 'code.jpg', mimeType: 'image/jpeg', buffer: asJpeg(png) },
    'image/webp': {
      name: 'code.webp',
      mimeType: 'image/webp',
      buffer: await sharp(png).webp({ lossless: true }).toBuffer(),
    },
    'multipart/form-data': image,
    'application/zip': zip,
    'application/x-zip-compressed': zip,
  };
}

/** A free loopback port: Swagger UI sends its requests to the document's first server, which must be this service. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describeWithProgram(CHROMIUM, 'apt-get install -y chromium')("Swagger UI's Try it out, untouched, in Chromium", () => {
  let app: NestFastifyApplication;
  let browser: Browser;
  let baseUrl: string;
  let operations: Operation[];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    app = await buildTestApp({ PUBLIC_BASE_URL: baseUrl });
    await app.listen(port, '127.0.0.1');
    const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags: string[]; operationId: string; requestBody?: { content: object } }>>;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => !path.includes('{'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          tag: operation.tags[0],
          operationId: operation.operationId,
          bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
        })),
      );
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Presses Execute on an opened operation and returns the status of the request Swagger UI sent, once it shows it. */
  async function execute(page: Page, block: string, operation: Operation): Promise<number> {
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === operation.path && response.request().method() === operation.method,
    );
    await page.locator(`${block} button.execute`).click();
    const status = (await answer).status();
    await page.locator(`${block} .live-responses-table tr.response .response-col_status`).first().waitFor();
    expect(
      await page.locator(`${block} .live-responses-table tr.response .response-col_status`).first().textContent(),
    ).toContain(String(status));
    await page.locator(`${block} button.btn-clear`).click();
    return status;
  }

  it('answers every operation without a path parameter 2xx, for each request media type (the error example 400)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl}/docs`);
    const answers: string[] = [];
    const files = await uploads();
    for (const operation of operations) {
      const block = `#operations-${operation.tag}-${operation.operationId}`;
      await page.locator(`${block} .opblock-summary-control`).click();
      await page.locator(`${block} button.try-out__btn`).click();
      const types = operation.bodyTypes.length > 0 ? operation.bodyTypes : [undefined];
      for (const type of types) {
        if (type !== undefined && operation.bodyTypes.length > 1)
          await page.locator(`${block} select[aria-label="Request content type"]`).selectOption(type);
        const file = type === undefined ? undefined : files[type];
        if (file) await page.locator(`${block} input[type="file"]`).setInputFiles(file);
        answers.push(`${operation.method} ${operation.path} ${type ?? '-'} ${await execute(page, block, operation)}`);
      }
    }
    await context.close();
    expect(operations.length).toBeGreaterThanOrEqual(11);
    expect(answers.filter((answer) => !/ 2\d\d$/.test(answer))).toEqual(['GET /v1/errors/example - 400']);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
