import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listenTestApp } from '../utils/test-app';

/**
 * The official v2 client (`@modelcontextprotocol/client`), which negotiates the protocol era: in
 * its default mode it speaks 2025 (`initialize`); in `auto` it probes with `server/discover` and,
 * this server speaking only the 2025 revisions, falls back to `initialize`.
 */

const ARGUMENTS: Record<string, Record<string, unknown>> = {
  create_vcard_payload: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
  create_vcard_qr_code: { fullName: 'Ada Lovelace', scale: 2 },
  import_vcard: { vcard: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n' },
  list_templates: {},
  get_product_context: {},
  create_vcard_batch: { contacts: [{ fullName: 'Ada Lovelace' }] },
};

describe('MCP with the official v2 client', () => {
  let app: NestFastifyApplication;
  let endpoint: URL;

  beforeAll(async () => {
    let baseUrl: string;
    ({ app, baseUrl } = await listenTestApp());
    endpoint = new URL('/mcp', baseUrl);
  });
  afterAll(() => app.close());

  describe.each(['legacy', 'auto'] as const)('negotiating in %s mode', (mode) => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'e2e-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(endpoint));
    });
    afterAll(() => client.close());

    it('connects with initialize and lists and calls every tool', async () => {
      expect(client.getServerVersion()).toMatchObject({ name: 'vcard-payload-service' });
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(8);
      let batchId = '';
      for (const name of [...Object.keys(ARGUMENTS), 'get_vcard_batch', 'list_vcard_batch_items']) {
        const args = ARGUMENTS[name] ?? { batchId };
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError).toBeFalsy();
        // Every tool answers structured content, which the v2 client checks against the outputSchema.
        expect(result.structuredContent).toEqual(expect.any(Object));
        if (name === 'create_vcard_batch') batchId = (result.structuredContent as { id: string }).id;
      }
    });

    it('reads every resource and gets a prompt', async () => {
      const { resources } = await client.listResources();
      for (const { uri, mimeType } of resources) {
        const { contents } = await client.readResource({ uri });
        // The JSON resources, and the card view (an HTML page).
        if (mimeType === 'application/json')
          expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(expect.any(Object));
        else expect(contents[0]).toMatchObject({ uri, mimeType, text: expect.any(String) });
      }
      const { prompts } = await client.listPrompts();
      const prompt = prompts[0];
      const args = Object.fromEntries(
        (prompt.arguments ?? [])
          .filter((a) => a.required)
          .map((a) => [a.name, a.name === 'email' ? 'a@example.com' : 'A']),
      );
      const got = await client.getPrompt({ name: prompt.name, arguments: args });
      expect(got.messages[0].role).toBe('user');
    });
  });

  it('refuses a client pinned to the 2026-07-28 revision, which this server does not serve yet', async () => {
    const client = new Client(
      { name: 'e2e-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await expect(client.connect(new StreamableHTTPClientTransport(endpoint))).rejects.toMatchObject({
      code: 'ERA_NEGOTIATION_FAILED',
    });
  });
});
