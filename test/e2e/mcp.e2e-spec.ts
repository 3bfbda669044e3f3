import { compactSchema, withoutKeywords } from '../../src/modules/mcp/compact-schema';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request as httpRequest } from 'node:http';
import { inlineSchema, withOpaque, type JsonSchema } from '../../src/modules/mcp/dto-json-schema';
import { mcpScanBodyLimit } from '../../src/modules/mcp/mcp-scan-tool';
import { readPng, zbarRead } from '../utils/qr-image-reader';
import { ringLogo } from '../fixtures/styled/styled-fixtures';
import { listenTestApp } from '../utils/test-app';

const CONTACT = {
  fullName: 'Ada Lovelace',
  organization: 'Analytical Engines Ltd',
  email: 'ada@example.com',
  website: 'example.com/ada',
  note: 'Line one\nLine two',
};
const MCP_ACCEPT = 'application/json, text/event-stream';
const TOOL_NAMES = [
  'create_vcard_batch',
  'create_vcard_payload',
  'create_vcard_qr_code',
  'get_product_context',
  'get_vcard_batch',
  'import_vcard',
  'list_templates',
  'list_vcard_batch_items',
  'read_qr_code',
];
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'e2e', version: '1.0.0' } },
};

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, because fetch() will not send a custom Host header. */
function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: options.method, path: url.pathname, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function errorOf(result: CallToolResult): { error: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [block] = result.content;
  expect(block.type).toBe('text');
  return JSON.parse((block as { text: string }).text) as { error: Record<string, unknown> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** The JSON body schema an OpenAPI operation documents, its component references inlined. */
function documentedSchema(
  doc: OpenApiDocument,
  method: string,
  path: string,
  part: 'request' | 'response',
  bare: readonly string[] = [],
): JsonSchema {
  const operation = doc.paths[path][method] as {
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
    responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
  };
  const content = part === 'request' ? operation.requestBody!.content : operation.responses['200'].content;
  return inlineSchema(content['application/json'].schema, withOpaque(doc.components.schemas, bare));
}

/** The schema an OpenAPI operation documents for one query parameter, with its description. */
function documentedQueryParameter(
  doc: OpenApiDocument,
  path: string,
  name: string,
  method: 'get' | 'post' = 'get',
): JsonSchema {
  const operation = doc.paths[path][method] as {
    parameters: { name: string; in: string; description?: string; schema: JsonSchema }[];
  };
  const parameter = operation.parameters.find((p) => p.in === 'query' && p.name === name)!;
  return parameter.description === undefined
    ? parameter.schema
    : { ...parameter.schema, description: parameter.description };
}

/**
 * What create_vcard_payload must take, from the OpenAPI document alone: the contact of POST /v1/vcard and
 * the card parameters documented for POST /v1/jobs/vcard (the same as the REST query's).
 */
function documentedCardToolSchema(doc: OpenApiDocument): JsonSchema {
  const request = documentedSchema(doc, 'post', '/v1/vcard', 'request');
  const cardParameter = (name: string): JsonSchema => documentedQueryParameter(doc, '/v1/jobs/vcard', name, 'post');
  return compactSchema({
    ...request,
    properties: {
      ...(request.properties as object),
      template: cardParameter('template'),
      format: cardParameter('format'),
      qrVersion: cardParameter('qrVersion'),
      qrLevel: cardParameter('qrLevel'),
      nfc: cardParameter('nfc'),
    },
  }) as JsonSchema;
}

/** An answer's shape as the tools declare it: names, types, enums and what is required. */
const answerShape = (schema: JsonSchema): JsonSchema =>
  withoutKeywords(compactSchema(schema, 0), ['minimum', 'maximum', 'format', 'default']) as JsonSchema;

/** A second copy of the contact: its properties without limits, formats, defaults or nested closure. */
function bareContact(schema: JsonSchema): JsonSchema {
  const compact = compactSchema(schema, -1) as JsonSchema;
  const keywords = ['maxLength', 'minLength', 'maxItems', 'default', 'format', 'additionalProperties'];
  return {
    ...compact,
    properties: Object.fromEntries(
      Object.entries(compact.properties as JsonSchema).map(([name, child]) => [name, withoutKeywords(child, keywords)]),
    ),
  };
}

describe('MCP endpoint', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let openapi: OpenApiDocument;

  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
    openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as typeof openapi;
  });
  afterAll(() => app.close());

  async function connect(path: string): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(path, baseUrl)));
    return client;
  }

  async function restPost(body: unknown, query = ''): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`${baseUrl}/v1/vcard${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }

  describe.each(['/mcp', '/api/mcp'])('with the SDK client at %s', (path) => {
    let client: Client;
    beforeAll(async () => {
      client = await connect(path);
    });
    afterAll(() => client.close());

    it('initializes: server info, tools capability and instructions', () => {
      expect(client.getServerVersion()).toMatchObject({ name: 'vcard-payload-service', version: expect.any(String) });
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      const instructions = client.getInstructions() ?? '';
      expect(instructions).toContain('create_vcard_payload');
      expect(instructions).toContain('get_product_context');
      expect(instructions).toContain('list_templates');
      expect(instructions).toMatch(/UTF-8 bytes in QR byte mode, with error correction level M/);
      expect(instructions).toMatch(/nothing is stored/i);
    });

    it('answers ping', async () => {
      await expect(client.ping()).resolves.toEqual({});
    });

    it('lists the eight tools with titles, annotations and schemas from the DTOs', async () => {
      const { tools } = await client.listTools();
      const byName = new Map<string, Tool>(tools.map((tool) => [tool.name, tool]));
      expect([...byName.keys()].sort()).toEqual(TOOL_NAMES);
      for (const tool of tools) {
        expect(tool.title).toEqual(expect.any(String));
        expect(tool.description).toEqual(expect.any(String));
        // Only create_vcard_batch changes anything (it stores a batch until it expires).
        // destructiveHint and idempotentHint mean something only when readOnlyHint is false.
        expect(tool.annotations).toEqual(
          tool.name === 'create_vcard_batch'
            ? { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
            : { readOnlyHint: true, openWorldHint: false },
        );
        // Every tool answers structured content, so every tool declares its shape.
        expect(tool.outputSchema).toMatchObject({ type: 'object' });
      }
      // One source of truth: the tools' schemas are what the REST operations document, made compact
      // (no examples; descriptions on the top properties only) so the list stays small.
      // An output names a schema another tool's output describes as a bare object (the contact, an
      // import's report, a batch item's card and error).
      const batchSchema = (name: string, bare: string[] = []): JsonSchema =>
        answerShape(
          inlineSchema({ $ref: `#/components/schemas/${name}` }, withOpaque(openapi.components.schemas, bare)),
        );
      const createBatch = byName.get('create_vcard_batch')!;
      expect((createBatch.inputSchema.properties!.contacts as JsonSchema).items).toEqual(
        bareContact(documentedSchema(openapi, 'post', '/v1/vcard', 'request')),
      );
      // contacts, or an export's vcard text instead: neither is required alone (the tool names the one missing).
      expect(createBatch.inputSchema).toMatchObject({ additionalProperties: false });
      expect(createBatch.inputSchema.required).toBeUndefined();
      expect(createBatch.inputSchema.properties!.vcard).toMatchObject({ type: 'string' });
      expect(createBatch.outputSchema).toEqual(batchSchema('Batch'));
      // The same Batch as create_vcard_batch's, which describes it.
      expect(byName.get('get_vcard_batch')!.outputSchema).toEqual({ type: 'object' });
      expect(byName.get('list_vcard_batch_items')!.outputSchema).toEqual(
        batchSchema('BatchItemsPage', ['VCardRequest', 'ImportReport', 'VCardResponse', 'ErrorObject']),
      );
      const create = byName.get('create_vcard_payload')!;
      expect(create.inputSchema).toEqual(documentedCardToolSchema(openapi));
      expect(create.outputSchema).toEqual(
        answerShape(
          documentedSchema(openapi, 'post', '/v1/vcard', 'response', ['VCardRequest', 'ImportReport', 'QrPrint']),
        ),
      );
      expect(byName.get('import_vcard')!.outputSchema).toEqual(
        answerShape(
          documentedSchema(openapi, 'post', '/v1/vcard', 'response', ['VCardRequest', 'QrInfo', 'NfcTagFit']),
        ),
      );
      expect(byName.get('create_vcard_qr_code')!.outputSchema).toEqual(
        answerShape(
          documentedSchema(openapi, 'post', '/v1/vcard', 'response', [
            'VCardRequest',
            'ImportReport',
            'QrInfo',
            'NfcTagFit',
          ]),
        ),
      );
      const templates = byName.get('list_templates')!;
      expect(templates.inputSchema).toEqual({
        type: 'object',
        properties: {
          limit: documentedQueryParameter(openapi, '/v1/templates', 'limit'),
          cursor: documentedQueryParameter(openapi, '/v1/templates', 'cursor'),
        },
        additionalProperties: false,
      });
      expect(templates.outputSchema).toEqual(
        answerShape(documentedSchema(openapi, 'get', '/v1/templates', 'response')),
      );
      const product = byName.get('get_product_context')!;
      expect(product.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
      expect(product.outputSchema).toEqual(answerShape(documentedSchema(openapi, 'get', '/v1/product', 'response')));
    });

    it('keeps the tool list small for an agent, and says what create_vcard_payload really makes', async () => {
      const { tools } = await client.listTools();
      // The list was 41.6 KB when the contact's schema came with every example and description
      // in three tools; an agent pays for every byte in its context.
      expect(Buffer.byteLength(JSON.stringify(tools))).toBeLessThanOrEqual(24_000);
      const create = tools.find((tool) => tool.name === 'create_vcard_payload')!;
      expect(create.description).toMatch(/vCard 4\.0 or MECARD with format/);
    });

    it('get_product_context returns what GET /v1/product returns', async () => {
      const result = (await client.callTool({ name: 'get_product_context' })) as CallToolResult;
      const rest = await (await fetch(`${baseUrl}/v1/product`)).json();
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(rest);
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(rest);
    });

    it('create_vcard_payload returns what POST /v1/vcard returns, and the vCard text', async () => {
      const result = (await client.callTool({ name: 'create_vcard_payload', arguments: CONTACT })) as CallToolResult;
      const rest = await restPost(CONTACT);
      expect(rest.status).toBe(200);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(rest.json);
      const texts = result.content.map((block) => (block as { text: string }).text);
      expect(texts[0]).toBe((rest.json as { vcard: string }).vcard);
      expect(texts[0]).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
      expect(JSON.parse(texts[1])).toEqual(rest.json);
    });

    it('create_vcard_payload takes a rich contact, format and a QR budget, and answers as POST /v1/vcard?format=&qrVersion=', async () => {
      const rich = {
        fullName: 'Zoë Ångström',
        name: { family: 'Ångström', given: 'Zoë' },
        phones: [{ number: '+44 7700 900123', type: 'cell', pref: true }],
        emails: [{ address: 'zoe@example.com', type: 'home' }],
        note: 'A note long enough to be left out of a small code. '.repeat(3),
      };
      const tools = await client.listTools();
      const schema = tools.tools.find((tool) => tool.name === 'create_vcard_payload')!.inputSchema as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining(['phones', 'name', 'socialProfiles', 'format', 'qrVersion', 'qrLevel']),
      );
      for (const [args, query] of [
        [{ format: 'mecard' }, '?format=mecard'],
        [{ format: 'vcard4', qrVersion: 8, qrLevel: 'L' }, '?format=vcard4&qrVersion=8&qrLevel=L'],
      ] as const) {
        const result = (await client.callTool({
          name: 'create_vcard_payload',
          arguments: { ...rich, ...args },
        })) as CallToolResult;
        const rest = await restPost(rich, query);
        expect(rest.status).toBe(200);
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(rest.json);
      }
      const bad = errorOf(
        (await client.callTool({
          name: 'create_vcard_payload',
          arguments: { ...rich, format: 'vcf' },
        })) as CallToolResult,
      );
      expect(bad.error).toMatchObject({ code: 'invalid_query', details: { parameter: 'format' } });
    });

    it('create_vcard_qr_code returns a PNG that decodes to the qrPayload of POST /v1/vcard, and that payload as text', async () => {
      const result = (await client.callTool({
        name: 'create_vcard_qr_code',
        arguments: { ...CONTACT, fullName: 'Zoë Ångström-李小龍', qrLevel: 'Q', scale: 3, margin: 2 },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const rest = (await restPost({ ...CONTACT, fullName: 'Zoë Ångström-李小龍' }, '?qrLevel=Q')).json as {
        qrPayload: string;
      };
      const [image, text, json] = result.content as [
        { type: string; data: string; mimeType: string },
        { type: string; text: string },
        { type: string; text: string },
      ];
      // The image is for the user; the payload and the card's JSON for the assistant.
      expect(image).toMatchObject({ type: 'image', mimeType: 'image/png', annotations: { audience: ['user'] } });
      expect(text).toEqual({ type: 'text', text: rest.qrPayload, annotations: { audience: ['assistant'] } });
      expect(json).toEqual({ type: 'text', text: JSON.stringify(rest), annotations: { audience: ['assistant'] } });
      expect(result.structuredContent).toEqual(rest);
      expect(result.content).toHaveLength(3);
      const png = readPng(Buffer.from(image.data, 'base64'));
      expect((await zbarRead(png, { zoom: 1, border: 12 })).toString('utf8')).toBe(rest.qrPayload);
      // The same bytes as the REST image for the same body and parameters.
      const restImage = await fetch(`${baseUrl}/v1/vcard?qrLevel=Q&scale=3&margin=2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'image/png' },
        body: JSON.stringify({ ...CONTACT, fullName: 'Zoë Ångström-李小龍' }),
      });
      expect(Buffer.from(await restImage.arrayBuffer()).toString('base64')).toBe(image.data);
    });

    it('create_vcard_qr_code with a style: the checked PNG of POST /v1/qrcodes, qr.check in structuredContent', async () => {
      const style = { colors: { dark: '#1a3a6b' }, modules: 'rounded', logo: { image: ringLogo() } };
      const result = (await client.callTool({
        name: 'create_vcard_qr_code',
        arguments: { ...CONTACT, style },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as { qrPayload: string; qr: { check: Record<string, unknown> } };
      expect(structured.qr.check).toMatchObject({ decoders: ['zbar', 'zxing'], level: 'H', levelRaised: true });
      const [image, payload, json] = result.content as [
        { type: string; data: string; mimeType: string; annotations: unknown },
        { type: string; text: string },
        { type: string; text: string },
      ];
      expect(image.annotations).toEqual({ audience: ['user'] });
      expect(payload).toEqual({ type: 'text', text: structured.qrPayload, annotations: { audience: ['assistant'] } });
      // The styled result too carries its structured content as JSON text, beside it.
      expect(JSON.parse(json.text)).toEqual(structured);
      const restJson = await fetch(`${baseUrl}/v1/qrcodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ contact: CONTACT, style }),
      });
      const { image: restImage, ...restAnswer } = (await restJson.json()) as { image: { data: string } };
      expect(structured).toEqual(restAnswer);
      expect(restImage.data).toBe(image.data);
      const rest = await fetch(`${baseUrl}/v1/qrcodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'image/png' },
        body: JSON.stringify({ contact: CONTACT, style }),
      });
      expect(Buffer.from(await rest.arrayBuffer()).toString('base64')).toBe(image.data);
      const png = readPng(Buffer.from(image.data, 'base64'));
      expect((await zbarRead(png)).toString('utf8')).toBe(structured.qrPayload);
      const refused = errorOf(
        (await client.callTool({
          name: 'create_vcard_qr_code',
          arguments: { ...CONTACT, style: { colors: { dark: '#eeeeee' } } },
        })) as CallToolResult,
      );
      expect(refused.error).toMatchObject({ code: 'invalid_style', status: 400 });
    });

    it('create_vcard_qr_code refuses bad image parameters and bad contacts with the Error shape of REST', async () => {
      const scale = errorOf(
        (await client.callTool({
          name: 'create_vcard_qr_code',
          arguments: { ...CONTACT, scale: 41 },
        })) as CallToolResult,
      );
      expect(scale.error).toMatchObject({
        code: 'invalid_query',
        status: 400,
        details: { parameter: 'scale', issue: 'range' },
      });
      const level = errorOf(
        (await client.callTool({
          name: 'create_vcard_qr_code',
          arguments: { ...CONTACT, qrLevel: 'X' },
        })) as CallToolResult,
      );
      expect(level.error).toMatchObject({ code: 'invalid_query', details: { parameter: 'qrLevel' } });
      const contact = errorOf(
        (await client.callTool({
          name: 'create_vcard_qr_code',
          arguments: { email: 'a@example.com' },
        })) as CallToolResult,
      );
      expect(contact.error).toMatchObject({
        code: 'invalid_request',
        details: { fields: [{ field: 'fullName', issue: 'required' }] },
      });
      const big = errorOf(
        (await client.callTool({
          name: 'create_vcard_qr_code',
          arguments: { fullName: 'A', note: 'x'.repeat(1500), qrLevel: 'H' },
        })) as CallToolResult,
      );
      expect(big.error).toMatchObject({ code: 'qr_capacity_exceeded', details: { qrLevel: 'H', maxBytes: 1273 } });
    });

    it('a missing fullName is a tool error with the Error shape, not an HTTP error', async () => {
      const result = (await client.callTool({
        name: 'create_vcard_payload',
        arguments: { email: 'a@example.com' },
      })) as CallToolResult;
      const body = errorOf(result);
      expect(body.error).toMatchObject({
        code: 'invalid_request',
        status: 400,
        message: expect.any(String),
        hint: expect.any(String),
        docsUrl: 'http://localhost:3000/docs/errors#invalid_request',
      });
      expect((body.error.details as { fields: unknown[] }).fields).toContainEqual(
        expect.objectContaining({ field: 'fullName', issue: 'required' }),
      );
      // Same validation code as REST: the same input gives the same error body.
      expect(body).toEqual((await restPost({ email: 'a@example.com' })).json);
    });

    it('no arguments at all reports fullName as required', async () => {
      const body = errorOf((await client.callTool({ name: 'create_vcard_payload' })) as CallToolResult);
      expect((body.error.details as { fields: unknown[] }).fields).toEqual([
        expect.objectContaining({ field: 'fullName', issue: 'required' }),
      ]);
    });

    it('rejects unknown and malformed fields like REST does', async () => {
      const args = { fullName: 'Ada', nmae: 'typo', email: 'not-an-email' };
      const body = errorOf(
        (await client.callTool({ name: 'create_vcard_payload', arguments: args })) as CallToolResult,
      );
      expect(body).toEqual((await restPost(args)).json);
      const fields = (body.error.details as { fields: { field: string; issue: string }[] }).fields;
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'nmae', issue: 'unknown' }),
          expect.objectContaining({ field: 'email', issue: 'format' }),
        ]),
      );
    });

    it('a payload too large for any QR code is a qr_capacity_exceeded tool error', async () => {
      const args = { fullName: 'Ada', note: '€'.repeat(2000) };
      const body = errorOf(
        (await client.callTool({ name: 'create_vcard_payload', arguments: args })) as CallToolResult,
      );
      expect(body.error).toMatchObject({ code: 'qr_capacity_exceeded', status: 400 });
      expect(body.error.details).toMatchObject({ maxBytes: 2953, longestField: 'note' });
      expect(body).toEqual((await restPost(args)).json);
    });

    it('list_templates walks the catalogue page by page, exactly as GET /v1/templates does', async () => {
      const restPages: unknown[] = [];
      for (let url = `${baseUrl}/v1/templates?limit=3`; ;) {
        const page = (await (await fetch(url)).json()) as { pagination: { next_cursor: string | null } };
        restPages.push(page);
        if (page.pagination.next_cursor === null) break;
        url = `${baseUrl}/v1/templates?limit=3&cursor=${encodeURIComponent(page.pagination.next_cursor)}`;
      }
      expect(restPages.length).toBeGreaterThan(1);

      const toolPages: unknown[] = [];
      let args: Record<string, unknown> = { limit: 3 };
      for (;;) {
        const result = (await client.callTool({ name: 'list_templates', arguments: args })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        const page = result.structuredContent as { pagination: { next_cursor: string | null; has_more: boolean } };
        expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(page);
        toolPages.push(page);
        if (!page.pagination.has_more) break;
        args = { limit: 3, cursor: page.pagination.next_cursor };
      }
      expect(toolPages).toEqual(restPages);
    });

    describe('batch tools', () => {
      const prefix = path === '/api/mcp' ? '/api' : '';
      const call = async (name: string, args?: Record<string, unknown>): Promise<CallToolResult> =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;
      const restBatchPost = async (body: unknown, query = ''): Promise<unknown> =>
        (
          await fetch(`${baseUrl}${prefix}/v1/batches${query}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();

      it('create_vcard_batch returns the batch and its links; get_vcard_batch follows it; list_vcard_batch_items pages what REST pages', async () => {
        const contacts = Array.from({ length: 30 }, (_, i) => ({
          fullName: `Zoë ${i}`,
          email: i % 10 === 3 ? 'not-an-email' : `z${i}@example.com`,
        }));
        const created = await call('create_vcard_batch', { contacts });
        expect(created.isError).toBeFalsy();
        const batch = created.structuredContent as {
          id: string;
          status: string;
          links: Record<string, string>;
          progress: Record<string, number>;
        };
        expect(JSON.parse((created.content[0] as { text: string }).text)).toEqual(batch);
        expect(batch).toMatchObject({ object: 'batch', status: 'queued', progress: { total: 30, processed: 0 } });
        const self = `http://localhost:3000${prefix}/v1/batches/${batch.id}`;
        expect(batch.links).toEqual({
          self,
          items: `${self}/items`,
          vcf: `${self}/cards.vcf`,
          codes: `${self}/codes.zip`,
          sheet: `${self}/sheet.pdf?layout=card-eu`,
          stream: `http://localhost:3000${prefix}/v1/stream?batchId=${batch.id}`,
        });

        let current = batch;
        for (let i = 0; current.status !== 'succeeded' && i < 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const read = await call('get_vcard_batch', { batchId: batch.id });
          expect(read.isError).toBeFalsy();
          current = read.structuredContent as typeof batch;
        }
        expect(current).toMatchObject({
          status: 'succeeded',
          progress: { total: 30, processed: 30, succeeded: 27, failed: 3 },
        });
        expect(current).toEqual(await (await fetch(self.replace('http://localhost:3000', baseUrl))).json());

        const toolPages: unknown[] = [];
        const restPages: unknown[] = [];
        for (let cursor: string | null = null; ;) {
          const result = await call('list_vcard_batch_items', {
            batchId: batch.id,
            limit: 7,
            ...(cursor ? { cursor } : {}),
          });
          expect(result.isError).toBeFalsy();
          const page = result.structuredContent as { pagination: { next_cursor: string | null } };
          toolPages.push(page);
          restPages.push(
            await (
              await fetch(
                `${baseUrl}${prefix}/v1/batches/${batch.id}/items?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
              )
            ).json(),
          );
          cursor = page.pagination.next_cursor;
          if (cursor === null) break;
        }
        expect(toolPages).toHaveLength(5);
        expect(toolPages).toEqual(restPages);
        const [first] = (toolPages[0] as { data: Array<{ result: unknown }> }).data;
        expect(first.result).toEqual((await call('create_vcard_payload', contacts[0])).structuredContent);
      });

      it('refuses what POST /v1/batches refuses, with the same Error; an unknown batch is batch_not_found', async () => {
        const contact = { fullName: 'Ada' };
        for (const [args, rest, query] of [
          [{}, {}, ''],
          [{ contacts: 'Ada' }, { contacts: 'Ada' }, ''],
          [{ contacts: [] }, { contacts: [] }, ''],
          [{ contacts: [contact], extra: 1 }, { contacts: [contact], extra: 1 }, ''],
          [
            { contacts: [contact], template: 'no-such-template' },
            { contacts: [contact] },
            '?template=no-such-template',
          ],
        ] as Array<[Record<string, unknown>, unknown, string]>) {
          const body = errorOf(await call('create_vcard_batch', args));
          expect(body).toEqual(await restBatchPost(rest, query));
        }
        expect(errorOf(await call('create_vcard_batch', { contacts: [contact], template: 7 })).error).toMatchObject({
          code: 'invalid_query',
          status: 400,
        });

        const unknown = 'batch_01M88X049JX12ZGN1RR16QWRJJ';
        const missing = errorOf(await call('get_vcard_batch', { batchId: unknown }));
        expect(missing).toEqual(await (await fetch(`${baseUrl}${prefix}/v1/batches/${unknown}`)).json());
        expect(missing.error).toMatchObject({ code: 'batch_not_found', status: 404 });
        expect(errorOf(await call('list_vcard_batch_items', { batchId: unknown })).error).toMatchObject({
          code: 'batch_not_found',
        });
        expect(errorOf(await call('get_vcard_batch', {})).error).toMatchObject({ code: 'invalid_request' });
        const created = (await call('create_vcard_batch', { contacts: [contact] })).structuredContent as { id: string };
        const badLimit = errorOf(await call('list_vcard_batch_items', { batchId: created.id, limit: 0 }));
        expect(badLimit).toEqual(
          await (await fetch(`${baseUrl}${prefix}/v1/batches/${created.id}/items?limit=0`)).json(),
        );
      });
    });

    it('list_templates without arguments is the default first page', async () => {
      const result = (await client.callTool({ name: 'list_templates' })) as CallToolResult;
      const rest = await (await fetch(`${baseUrl}/v1/templates`)).json();
      expect(result.structuredContent).toEqual(rest);
      expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(2);
    });

    it.each([
      [{ limit: 99 }, 'limit=99', 'invalid_query'],
      [{ limit: 2.5 }, 'limit=2.5', 'invalid_query'],
      [{ limit: 2, colour: 'red' }, 'limit=2&colour=red', 'invalid_query'],
      [{ cursor: 'not-a-cursor' }, 'cursor=not-a-cursor', 'invalid_cursor'],
    ])('list_templates %j is the tool error GET /v1/templates?%s answers', async (args, query, code) => {
      const body = errorOf((await client.callTool({ name: 'list_templates', arguments: args })) as CallToolResult);
      expect(body.error).toMatchObject({ code, status: 400, hint: expect.any(String) });
      expect(body).toEqual(await (await fetch(`${baseUrl}/v1/templates?${query}`)).json());
    });

    it('an unknown tool is a JSON-RPC invalid-params error, its message said once', async () => {
      await expect(client.callTool({ name: 'list_everything' })).rejects.toThrow(McpError);
      await expect(client.callTool({ name: 'list_everything' })).rejects.toMatchObject({
        code: -32602,
        message: 'MCP error -32602: Unknown tool: list_everything',
      });
    });
  });

  describe('HTTP behaviour', () => {
    const post = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: MCP_ACCEPT, ...headers },
        body: JSON.stringify(INITIALIZE),
      });

    it.each(['/mcp', '/api/mcp'])('POST %s carries RateLimit, CORS and request-id headers', async (path) => {
      const res = await post(path, { origin: 'https://agent.example' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/i);
      expect(Number(res.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.headers.get('mcp-session-id')).toBeNull();
      const body = (await res.json()) as { result: { serverInfo: { name: string } } };
      expect(body.result.serverInfo.name).toBe('vcard-payload-service');
    });

    it('accepts any Origin: the API is CORS-open and only Host guards against DNS rebinding', async () => {
      const res = await post('/mcp', { origin: 'https://some-web-app.example' });
      expect(res.status).toBe(200);
    });

    it('answers a CORS preflight for POST /mcp', async () => {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://agent.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,mcp-protocol-version',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });

    it.each([
      ['POST', '/mcp'],
      ['POST', '/api/mcp'],
      ['GET', '/mcp'],
      ['DELETE', '/mcp'],
    ])('%s %s with a foreign Host is 403 forbidden_host', async (method, path) => {
      const res = await rawRequest(baseUrl, {
        method,
        path,
        headers: {
          host: 'evil.example.com',
          origin: 'http://evil.example.com',
          // A bodiless request declares no body type (a declared empty JSON body is a 400 first).
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          accept: MCP_ACCEPT,
        },
        body: method === 'POST' ? JSON.stringify(INITIALIZE) : undefined,
      });
      expect(res.status).toBe(403);
      const body = JSON.parse(res.body) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ code: 'forbidden_host', status: 403, hint: expect.any(String) });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    });

    it.each(['localhost:8080', '127.0.0.1', '[::1]:3000', 'LOCALHOST'])('accepts Host %s', async (host) => {
      const res = await rawRequest(baseUrl, {
        method: 'POST',
        path: '/mcp',
        headers: { host, 'content-type': 'application/json', accept: MCP_ACCEPT },
        body: JSON.stringify(INITIALIZE),
      });
      expect(res.status).toBe(200);
    });

    it('the Host check does not touch other routes', async () => {
      const res = await rawRequest(baseUrl, {
        method: 'GET',
        path: '/v1/product',
        headers: { host: 'evil.example.com' },
      });
      expect(res.status).toBe(200);
    });

    it('GET with Accept: text/event-stream is 405 with Allow: POST (no standalone stream)', async () => {
      const res = await fetch(`${baseUrl}/mcp`, { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ code: 'method_not_allowed', status: 405 });
    });

    it.each(['/mcp', '/api/mcp'])('GET %s from a browser or curl describes the server', async (path) => {
      const res = await fetch(`${baseUrl}${path}`, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await res.json()) as Record<string, unknown> & { tools: Tool[] };
      expect(body).toMatchObject({
        name: 'vcard-payload-service',
        version: expect.any(String),
        transport: 'streamable-http',
        endpoint: 'http://localhost:3000/mcp',
        instructions: expect.stringContaining('qrPayload'),
      });
      expect(body.tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
      const create = body.tools.find((tool) => tool.name === 'create_vcard_payload')!;
      expect(create.inputSchema).toEqual(documentedCardToolSchema(openapi));
    });

    it('DELETE is 405 with an Allow header (no sessions to end)', async () => {
      const res = await fetch(`${baseUrl}/mcp`, { method: 'DELETE' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toMatch(/\bPOST\b/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    });

    it("fastify's body limit applies (413 with the Error shape): the styled-code limit or an image's as base64, the larger", async () => {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: MCP_ACCEPT },
        body: JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(mcpScanBodyLimit(10_485_760) + 1) }),
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    });

    it('the SDK rejects a POST that does not accept both JSON and SSE (406)', async () => {
      const res = await post('/mcp', { accept: 'application/json' });
      expect(res.status).toBe(406);
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    });
  });
});

describe('MCP batches and the rate limit', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp({ RATE_LIMIT_MAX: '5' }));
  });
  afterAll(() => app.close());

  const toolCall = (contacts: number) =>
    rawRequest(baseUrl, {
      method: 'POST',
      path: '/mcp',
      headers: { 'content-type': 'application/json', accept: MCP_ACCEPT },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'create_vcard_batch',
          arguments: { contacts: Array.from({ length: contacts }, (_, i) => ({ fullName: `P${i}` })) },
        },
      }),
    });

  it('create_vcard_batch costs ceil(contacts / 100) of the budget, as POST /v1/batches does; one the budget cannot cover is rate_limited', async () => {
    const first = await toolCall(250);
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('2');
    expect((JSON.parse(first.body) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
    const second = await toolCall(250);
    const result = (JSON.parse(second.body) as { result: CallToolResult }).result;
    expect(errorOf(result).error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(second.headers['ratelimit-remaining']).toBe('0');
  });
});

describe('MCP and the rate limit', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp({ RATE_LIMIT_MAX: '3' }));
  });
  afterAll(() => app.close());

  it('shares one budget per client with the REST routes, then answers 429', async () => {
    const mcp = () =>
      fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: MCP_ACCEPT },
        body: JSON.stringify(INITIALIZE),
      });
    expect((await fetch(`${baseUrl}/v1/product`)).headers.get('ratelimit-remaining')).toBe('2');
    expect((await mcp()).headers.get('ratelimit-remaining')).toBe('1');
    expect((await fetch(`${baseUrl}/v1/templates`)).headers.get('ratelimit-remaining')).toBe('0');
    const limited = await mcp();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});
