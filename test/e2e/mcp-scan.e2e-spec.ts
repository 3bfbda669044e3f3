import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import { asJpeg, blankPicture, codePicture } from '../utils/code-picture';
import { listenTestApp } from '../utils/test-app';

// read_qr_code through the official SDK client: the same answer as POST /v1/scans for the same
// image, given as base64 or as a data URL, in structuredContent (valid against the tool's
// outputSchema: the SDK client checks it) and as a JSON text block; refusals as tool errors.

const CONTACT = { fullName: 'Ada Lovelace', email: 'ada@example.com' };

function errorOf(result: CallToolResult): { code: string; details?: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (JSON.parse((result.content[0] as { text: string }).text) as { error: { code: string } }).error;
}

describe('MCP read_qr_code', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let client: Client;
  let png: Buffer;

  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
    const card = await fetch(`${baseUrl}/v1/vcard`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(CONTACT),
    });
    const { qrPayload } = (await card.json()) as { qrPayload: string };
    png = codePicture(qrPayload, 400, 300, { left: 90, top: 40, module: 5 }).png;
    // Connected last: an idle connection is closed after KEEP_ALIVE_TIMEOUT_MS.
    client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
  });
  afterAll(async () => {
    await client?.close();
    await app?.close();
  });

  async function scanRoute(image: Buffer, type: string): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${baseUrl}/v1/scans`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: new Uint8Array(image),
    });
    return { status: response.status, json: await response.json() };
  }

  it('is listed with its schemas and read-only hints, the list still small', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'read_qr_code')!;
    expect(tool.inputSchema).toMatchObject({ required: ['image'], additionalProperties: false });
    expect(tool.outputSchema).toEqual({
      type: 'object',
      properties: { image: { type: 'object' }, codes: { type: 'array', items: { type: 'object' } } },
      required: ['image', 'codes'],
    });
    expect(tool.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(Buffer.byteLength(JSON.stringify(tools))).toBeLessThanOrEqual(24_000);
  });

  it('answers what POST /v1/scans answers, from base64 and from a data URL, PNG, JPEG and WebP', async () => {
    const jpeg = asJpeg(png);
    const webp = await sharp(png).webp({ lossless: true }).toBuffer();
    for (const [image, type] of [
      [png, 'image/png'],
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      const rest = await scanRoute(image, type);
      expect(rest.status).toBe(200);
      for (const args of [
        { image: image.toString('base64'), mediaType: type },
        { image: image.toString('base64') },
        { image: `data:${type};base64,${image.toString('base64')}` },
      ]) {
        const result = (await client.callTool({ name: 'read_qr_code', arguments: args })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(rest.json);
        expect(JSON.parse((result.content.at(-1) as { text: string }).text)).toEqual(rest.json);
      }
    }
    const answer = (await scanRoute(png, 'image/png')).json as { codes: Array<{ import: { contact: object } }> };
    expect(answer.codes[0].import.contact).toMatchObject({ fullName: CONTACT.fullName });
  });

  it('refuses as the route does, and names a bad argument', async () => {
    const blank = blankPicture(300, 200);
    const rest = await scanRoute(blank, 'image/png');
    expect(rest.status).toBe(422);
    const none = await client.callTool({ name: 'read_qr_code', arguments: { image: blank.toString('base64') } });
    expect(errorOf(none as CallToolResult)).toMatchObject({
      code: 'no_code_found',
      details: (rest.json as { error: { details: unknown } }).error.details,
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'image'],
      [{ image: 'not base64!' }, 'image'],
      [{ image: png.toString('base64'), mediaType: 'image/gif' }, 'mediaType'],
      [{ image: `data:image/jpeg;base64,${png.toString('base64')}`, mediaType: 'image/png' }, 'mediaType'],
      [{ image: png.toString('base64'), extra: 1 }, 'extra'],
    ];
    for (const [args, field] of cases) {
      const error = errorOf((await client.callTool({ name: 'read_qr_code', arguments: args })) as CallToolResult);
      expect(error).toMatchObject({
        code: 'invalid_request',
        details: { fields: [expect.objectContaining({ field })] },
      });
    }
  });
});
