import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { codePicture } from '../utils/code-picture';
import { listenTestApp } from '../utils/test-app';

/**
 * Both protocol eras on one endpoint, through the official clients: the v1 client
 * (`@modelcontextprotocol/sdk`, 2025-11-25 with `initialize`) and the v2 client
 * (`@modelcontextprotocol/client`) in its three ways of choosing an era: `legacy` (initialize),
 * `auto` (probes with server/discover and stays on 2026-07-28) and pinned to 2026-07-28. Each lists
 * and calls every tool, reads every resource (a batch's too), gets every prompt and completes.
 */

const ARGUMENTS: Record<string, Record<string, unknown>> = {
  create_vcard_payload: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
  create_vcard_qr_code: { fullName: 'Ada Lovelace', scale: 2 },
  import_vcard: { vcard: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n' },
  list_templates: {},
  get_product_context: {},
  create_vcard_batch: { contacts: [{ fullName: 'Ada Lovelace' }] },
  read_qr_code: {
    image: codePicture('https://example.com/ada', 200, 200, { left: 40, top: 40, module: 5 }).png.toString('base64'),
  },
};

interface TextContents {
  uri: string;
  mimeType?: string;
  text?: string;
}

/** What both clients offer that this suite uses, as loosely as both satisfy it. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: TextContents[] }>;
  listPrompts(): Promise<{ prompts: { name: string; arguments?: { name: string; required?: boolean }[] }[] }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<{ messages: { role: string }[] }>;
  complete(params: object): Promise<{ completion: { values: string[] } }>;
  close(): Promise<void>;
}

interface Connected {
  client: AnyClient;
  protocolVersion: string | undefined;
}

type Connect = (endpoint: URL) => Promise<Connected>;

const v2 =
  (mode: 'legacy' | 'auto' | { pin: string }): Connect =>
  async (endpoint) => {
    const client = new Client({ name: 'e2e-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
    const transport = new StreamableHTTPClientTransport(endpoint);
    await client.connect(transport);
    return { client: client as unknown as AnyClient, protocolVersion: transport.protocolVersion };
  };

const v1: Connect = async (endpoint) => {
  const client = new V1Client({ name: 'e2e-v1', version: '1.0.0' });
  const transport = new V1Transport(endpoint);
  await client.connect(transport);
  return { client: client as unknown as AnyClient, protocolVersion: transport.protocolVersion };
};

const CLIENTS: [string, Connect, string][] = [
  ['the v1 client', v1, '2025-11-25'],
  ['the v2 client in legacy mode', v2('legacy'), '2025-11-25'],
  ['the v2 client in auto mode', v2('auto'), '2026-07-28'],
  ['the v2 client pinned to 2026-07-28', v2({ pin: '2026-07-28' }), '2026-07-28'],
];

/** A value for a prompt argument that the contact's validation takes. */
const promptValue = (name: string, batchId: string): string =>
  ({ email: 'a@example.com', website: 'example.com', batchId, layout: 'card-eu' })[name] ?? 'A';

describe('MCP with the official clients of both eras', () => {
  let app: NestFastifyApplication;
  let endpoint: URL;

  beforeAll(async () => {
    let baseUrl: string;
    ({ app, baseUrl } = await listenTestApp());
    endpoint = new URL('/mcp', baseUrl);
  });
  afterAll(() => app.close());

  describe.each(CLIENTS)('%s', (_, connect, version) => {
    let client: AnyClient;
    let batchId = '';
    beforeAll(async () => {
      let negotiated: string | undefined;
      ({ client, protocolVersion: negotiated } = await connect(endpoint));
      expect(negotiated).toBe(version);
    });
    afterAll(() => client.close());

    it(`speaks ${version}, lists and calls every tool`, async () => {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(9);
      for (const name of [...Object.keys(ARGUMENTS), 'get_vcard_batch', 'list_vcard_batch_items']) {
        const args = ARGUMENTS[name] ?? { batchId };
        const result = (await client.callTool({ name, arguments: args })) as {
          isError?: boolean;
          structuredContent?: { id?: string };
        };
        expect(result.isError).toBeFalsy();
        // Every tool answers structured content, which both clients check against the outputSchema.
        expect(result.structuredContent).toEqual(expect.any(Object));
        if (name === 'create_vcard_batch') batchId = result.structuredContent!.id!;
      }
      expect(tools.map((tool) => tool.name).sort()).toEqual(
        [...Object.keys(ARGUMENTS), 'get_vcard_batch', 'list_vcard_batch_items'].sort(),
      );
    });

    it("reads every resource and a batch's resources by their templates", async () => {
      const { resources } = await client.listResources();
      expect(resources.length).toBeGreaterThan(0);
      for (const { uri } of resources) {
        const { contents } = await client.readResource({ uri });
        // The JSON resources, and the card view (an HTML page, MCP Apps).
        if (contents[0].mimeType === 'application/json')
          expect(JSON.parse(contents[0].text!)).toEqual(expect.any(Object));
        else
          expect(contents[0]).toMatchObject({ uri, mimeType: 'text/html;profile=mcp-app', text: expect.any(String) });
      }
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toHaveLength(4);
      let batch: { status?: string } = {};
      for (let tries = 0; batch.status !== 'succeeded' && tries < 200; tries++) {
        batch = JSON.parse((await client.readResource({ uri: `vcard-batch://${batchId}` })).contents[0].text!);
        if (batch.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(batch.status).toBe('succeeded');
      const item = await client.readResource({ uri: `vcard-batch://${batchId}/items/0` });
      expect(JSON.parse(item.contents[0].text!)).toMatchObject({ index: 0, status: 'succeeded' });
      const card = await client.readResource({ uri: `vcard-batch://${batchId}/items/0.vcf` });
      expect(card.contents[0]).toMatchObject({ mimeType: 'text/vcard', text: expect.stringContaining('FN:Ada') });
      const template = await client.readResource({ uri: 'vcard://templates/business-card' });
      expect(JSON.parse(template.contents[0].text!)).toMatchObject({ id: 'business-card' });
    });

    it('gets every prompt and completes a template id', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.length).toBeGreaterThan(1);
      for (const prompt of prompts) {
        const args = Object.fromEntries(
          (prompt.arguments ?? []).filter((a) => a.required).map((a) => [a.name, promptValue(a.name, batchId)]),
        );
        const got = await client.getPrompt({ name: prompt.name, arguments: args });
        expect(got.messages[0].role).toBe('user');
      }
      const completed = await client.complete({
        ref: { type: 'ref/resource', uri: 'vcard://templates/{id}' },
        argument: { name: 'id', value: 'bus' },
      });
      expect(completed.completion.values).toEqual(['business-card']);
    });
  });
});
