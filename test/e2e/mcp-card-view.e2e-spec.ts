import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TextResourceContents } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listenTestApp } from '../utils/test-app';

/** The MCP Apps card view as a resource, through the official v1 client (Chromium renders it in test/browser). */

describe('MCP card view (MCP Apps)', () => {
  let app: NestFastifyApplication;
  let client: Client;

  beforeAll(async () => {
    let baseUrl: string;
    ({ app, baseUrl } = await listenTestApp());
    client = new Client({ name: 'e2e-view', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('is linked by create_vcard_qr_code only, and listed as a resource', async () => {
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => tool._meta !== undefined).map((tool) => [tool.name, tool._meta])).toEqual([
      ['create_vcard_qr_code', { ui: { resourceUri: 'ui://vcard/card-view' } }],
    ]);
    const { resources } = await client.listResources();
    expect(resources.find((resource) => resource.uri.startsWith('ui://'))).toEqual({
      uri: 'ui://vcard/card-view',
      name: 'card-view',
      title: 'vCard QR code view',
      description: expect.any(String),
      mimeType: 'text/html;profile=mcp-app',
    });
  });

  it('reads as one self-contained HTML page: its script and styles inline, nothing to fetch', async () => {
    const { contents } = await client.readResource({ uri: 'ui://vcard/card-view' });
    expect(contents).toHaveLength(1);
    const [view] = contents as TextResourceContents[];
    expect(view).toMatchObject({
      uri: 'ui://vcard/card-view',
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { prefersBorder: true } },
    });
    expect(view._meta?.ui).not.toHaveProperty('csp');
    const html = view.text;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<(?:script|img|link|iframe)[^>]+(?:src|href)=/i);
    // Only XML namespace names look like URLs in it: nothing the page could fetch.
    const urls = [...new Set(html.match(/https?:\/\/[^"'\s)]+/g))];
    expect(urls.filter((url) => !url.startsWith('http://www.w3.org/'))).toEqual([]);
    expect(html).toContain("default-src 'none'");
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});
