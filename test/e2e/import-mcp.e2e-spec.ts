import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { corpusFile, CORPUS_VCF_FILES } from '../utils/import-corpus';
import { listenTestApp } from '../utils/test-app';

// import_vcard and create_vcard_batch's vcard, through the SDK client over real HTTP: the same
// answers as the REST routes with a vCard body, every corpus file, errors by name.

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('import over MCP', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let client: Client;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
    client = new Client({ name: 'import-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const rest = async (url: string, body: string | Buffer, type = 'text/vcard') =>
    (await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: body })).json() as Record<
      string,
      unknown
    >;

  it.each(CORPUS_VCF_FILES)(
    'import_vcard with %s answers as POST /v1/vcard with Content-Type: text/vcard',
    async (file) => {
      // A tool argument is text: the UTF-8 files go as they are; the others as their bytes read by the route.
      const bytes = corpusFile(file);
      const text = bytes.toString('utf8');
      const sameBytes = Buffer.from(text, 'utf8').equals(bytes);
      const result = await call('import_vcard', { vcard: text, qrLevel: 'Q' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await rest('/v1/vcard?qrLevel=Q', sameBytes ? bytes : text));
      expect((result.content[0] as { text: string }).text).toBe((result.structuredContent as { vcard: string }).vcard);
    },
  );

  it('import_vcard errors are the REST errors: too_many_contacts, invalid_vcard, vcard required', async () => {
    const errorOf = (result: CallToolResult) => {
      expect(result.isError).toBe(true);
      return JSON.parse((result.content[0] as { text: string }).text) as { error: { code: string; details?: unknown } };
    };
    const two = corpusFile('gmail.vcf').toString('utf8').repeat(2);
    expect(errorOf(await call('import_vcard', { vcard: two })).error.code).toBe('too_many_contacts');
    const nameless = 'BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:x\r\nEND:VCARD\r\n';
    expect(errorOf(await call('import_vcard', { vcard: nameless })).error).toMatchObject({
      code: 'invalid_vcard',
      details: { line: 1, issue: 'no_name' },
    });
    expect(errorOf(await call('import_vcard', { qrLevel: 'Q' })).error.code).toBe('invalid_request');
  });

  it('create_vcard_batch with vcard: the items of POST /v1/batches with that export', async () => {
    const text = CORPUS_VCF_FILES.filter((file) => file.startsWith('iphone') || file.startsWith('gmail'))
      .map((file) => corpusFile(file).toString('utf8'))
      .join('');
    const created = await call('create_vcard_batch', { vcard: text });
    expect(created.isError).toBeFalsy();
    const batch = created.structuredContent as { batchId?: string; id: string; source: string };
    expect(batch.source).toBe('vcard');
    const viaRest = (await rest('/v1/batches', text)) as { id: string };
    const itemsOf = async (id: string) => {
      for (let i = 0; i < 300; i++) {
        const state = await call('get_vcard_batch', { batchId: id });
        if ((state.structuredContent as { status: string }).status === 'succeeded') break;
        await sleep(20);
      }
      return (await call('list_vcard_batch_items', { batchId: id })).structuredContent as { data: unknown[] };
    };
    const [fromTool, fromRest] = await Promise.all([itemsOf(batch.id), itemsOf(viaRest.id)]);
    expect(fromTool.data).toHaveLength(5);
    expect(fromTool.data).toEqual(fromRest.data);
  });
});
