/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Frame } from 'playwright-core';
import { CHROMIUM } from '../utils/playground-browser';
import { zbarimg } from '../utils/print-readers';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';
import { listenTestApp } from '../utils/test-app';

// The MCP Apps card view (ui://vcard/card-view) in Debian's Chromium, as a host shows it: its HTML
// from resources/read in a sandboxed frame, the handshake over postMessage, then the tool's input
// and the result of a real create_vcard_qr_code call. The code it draws is read back by zbarimg.

const CONTACT = { fullName: 'Zoë Ångström', organization: 'Analytical Engines Ltd', email: 'zoe@example.com' };
const HOST_PAGE =
  '<!doctype html><html><body style="margin:0"><iframe id="view" sandbox="allow-scripts" style="width:640px;height:720px;border:0"></iframe></body></html>';

interface HostLog {
  methods: string[];
}

describeWithPrograms([PROGRAMS.zbarimg, PROGRAMS.chromium])('the MCP card view in Chromium', () => {
  let app: NestFastifyApplication;
  let client: Client;
  let browser: Browser;
  let html: string;
  let folder: string;

  beforeAll(async () => {
    let baseUrl: string;
    ({ app, baseUrl } = await listenTestApp());
    client = new Client({ name: 'e2e-view', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
    const { contents } = await client.readResource({ uri: 'ui://vcard/card-view' });
    html = (contents[0] as TextResourceContents).text;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
      headless: true,
    });
    folder = mkdtempSync(join(tmpdir(), 'card-view-'));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await app?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The view in a frame of a host page, handed the call's input and result once it is initialized. */
  async function show(input: Record<string, unknown>, result: CallToolResult): Promise<{ frame: Frame; log: HostLog }> {
    const page = await (await browser.newContext({ viewport: { width: 700, height: 760 } })).newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(HOST_PAGE);
    const log = await page.evaluate(
      ({ view, args, answer }) =>
        new Promise<HostLog>((resolve) => {
          const frame = document.getElementById('view') as HTMLIFrameElement;
          const methods: string[] = [];
          const post = (message: object) => frame.contentWindow?.postMessage({ jsonrpc: '2.0', ...message }, '*');
          window.addEventListener('message', (event: MessageEvent<{ id?: number; method?: string }>) => {
            if (event.source !== frame.contentWindow) return;
            const { id, method } = event.data;
            methods.push(String(method));
            if (method === 'ui/initialize')
              post({
                id,
                result: {
                  protocolVersion: '2026-01-26',
                  hostInfo: { name: 'e2e-host', version: '1.0.0' },
                  hostCapabilities: {},
                  hostContext: { theme: 'light' },
                },
              });
            if (method === 'ui/notifications/initialized') {
              post({ method: 'ui/notifications/tool-input', params: { arguments: args } });
              post({ method: 'ui/notifications/tool-result', params: answer });
            }
            if (method === 'ui/notifications/size-changed') resolve({ methods });
          });
          frame.srcdoc = view;
        }),
      { view: html, args: input, answer: result },
    );
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame()) as Frame;
    await frame.waitForSelector('#card:not([hidden])');
    // Nothing fetched: the view is one self-contained page.
    expect(
      requests.filter((url) => !url.startsWith('data:') && url !== 'about:blank' && url !== 'about:srcdoc'),
    ).toEqual([]);
    return { frame, log };
  }

  async function readCode(frame: Frame, name: string): Promise<string> {
    const file = join(folder, `${name}.png`);
    writeFileSync(file, await frame.locator('#code').screenshot());
    return zbarimg(file).toString('utf8');
  }

  const call = async (args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name: 'create_vcard_qr_code', arguments: args })) as CallToolResult;

  it('shows a plain code, drawn by the service renderer, that decodes to the payload', async () => {
    const result = await call(CONTACT);
    const { frame, log } = await show(CONTACT, result);
    expect(log.methods.slice(0, 2)).toEqual(['ui/initialize', 'ui/notifications/initialized']);
    expect(await frame.locator('#code').getAttribute('data-drawn-by')).toBe('view');
    expect(await frame.locator('#name').textContent()).toBe(CONTACT.fullName);
    expect(await frame.locator('#organization').textContent()).toBe(CONTACT.organization);
    expect(await frame.locator('#check').textContent()).toMatch(/^Plain code, version \d+, level M/);
    const payload = (result.structuredContent as { qrPayload: string }).qrPayload;
    expect(await readCode(frame, 'plain')).toBe(payload);
    await frame.page().context().close();
  });

  it("shows a styled code in the call's style, with the proof's result, that decodes to the payload", async () => {
    const args = { ...CONTACT, style: { colors: { dark: '#1a237e' }, modules: 'rounded', finders: 'circle' } };
    const result = await call(args);
    expect(result.isError).toBeFalsy();
    const { frame } = await show(args, result);
    expect(await frame.locator('#code').getAttribute('data-drawn-by')).toBe('view');
    expect(await frame.locator('#code path, #code rect, #code circle').count()).toBeGreaterThan(0);
    expect(await frame.locator('#check').textContent()).toMatch(
      /^Styled code, version \d+, level [LMQH]: read back by zbar and zxing \(zbar \d+ and zxing \d+ of \d+ renderings\); contrast [\d.]+:1/,
    );
    expect(await readCode(frame, 'styled')).toBe((result.structuredContent as { qrPayload: string }).qrPayload);
    await frame.page().context().close();
  });

  it("shows the service's own image for a captioned code, and a tool error in its words", async () => {
    const args = { ...CONTACT, style: { frame: { caption: 'Scan me' } } };
    const result = await call(args);
    const { frame } = await show(args, result);
    expect(await frame.locator('#code').getAttribute('data-drawn-by')).toBe('service');
    expect(await readCode(frame, 'captioned')).toBe((result.structuredContent as { qrPayload: string }).qrPayload);
    await frame.page().context().close();

    const refused = await call({ fullName: '' });
    expect(refused.isError).toBe(true);
    const page = await (await browser.newContext()).newPage();
    await page.setContent(HOST_PAGE);
    await page.evaluate(
      ({ view, answer }) => {
        const frame = document.getElementById('view') as HTMLIFrameElement;
        window.addEventListener('message', (event: MessageEvent<{ id?: number; method?: string }>) => {
          const post = (message: object) => frame.contentWindow?.postMessage({ jsonrpc: '2.0', ...message }, '*');
          if (event.data.method === 'ui/initialize')
            post({ id: event.data.id, result: { protocolVersion: '2026-01-26' } });
          if (event.data.method === 'ui/notifications/initialized')
            post({ method: 'ui/notifications/tool-result', params: answer });
        });
        frame.srcdoc = view;
      },
      { view: html, answer: refused },
    );
    const view = page.frames().find((candidate) => candidate !== page.mainFrame()) as Frame;
    await view.waitForFunction(() => document.getElementById('status')?.textContent !== 'Waiting for the card…');
    expect(await view.locator('#status').textContent()).toBe(
      JSON.parse((refused.content[0] as { text: string }).text).error.message,
    );
    await page.context().close();
  });
});
