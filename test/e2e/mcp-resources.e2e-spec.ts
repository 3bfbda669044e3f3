import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import ICAL from 'ical.js';
import { listenTestApp } from '../utils/test-app';

/** Resources, resource templates, prompts and completions, through the official SDK client. */

const LAYOUTS = ['card-eu', 'card-us', 'badge-a6', 'label-l7160', 'label-5160'];

describe('MCP resources, prompts and completions', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let client: Client;

  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
    client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const rest = async (path: string): Promise<unknown> => (await fetch(`${baseUrl}${path}`)).json();
  const readJson = async (uri: string): Promise<unknown> => {
    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    return JSON.parse((contents[0] as TextResourceContents).text);
  };

  /** Every template of GET /v1/templates, page after page. */
  async function restTemplates(): Promise<{ id: string }[]> {
    const all: { id: string }[] = [];
    for (let cursor = ''; ;) {
      const page = (await rest(`/v1/templates?limit=25${cursor && `&cursor=${encodeURIComponent(cursor)}`}`)) as {
        data: { id: string }[];
        pagination: { next_cursor: string | null };
      };
      all.push(...page.data);
      if (page.pagination.next_cursor === null) return all;
      cursor = page.pagination.next_cursor;
    }
  }

  it('declares resources, prompts and completions', () => {
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      resources: { listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
  });

  it('lists the catalogue and the product context, and reads them as REST answers them', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      'vcard://templates',
      'vcard://product',
      'ui://vcard/card-view',
    ]);
    expect(await readJson('vcard://product')).toEqual(await rest('/v1/product'));
    const templates = await restTemplates();
    expect(await readJson('vcard://templates')).toEqual({ data: templates });
    expect(await readJson(`vcard://templates/${templates[1].id}`)).toEqual(
      await rest(`/v1/templates/${templates[1].id}`),
    );
  });

  it('lists the resource templates, and an unknown resource is -32602 naming its uri (the 2026-07-28 rule, both eras)', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'vcard://templates/{id}',
      'vcard-batch://{id}',
      'vcard-batch://{id}/items/{index}',
      'vcard-batch://{id}/items/{index}.vcf',
    ]);
    for (const uri of [
      'vcard://nothing',
      'vcard://templates/no-such-template',
      'vcard-batch://batch_01J00000000000000000000000',
    ]) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602, data: { uri } });
    }
  });

  it("reads a batch, its items and an item's card (text/vcard, parsed by ical.js); links its files once it has succeeded", async () => {
    const contacts = [
      { fullName: 'Ada Lovelace', email: 'ada@example.com' },
      { fullName: '' },
      { fullName: 'Grace Hopper' },
    ];
    const created = (await client.callTool({ name: 'create_vcard_batch', arguments: { contacts } })) as CallToolResult;
    const { id } = created.structuredContent as { id: string };
    expect(created.content).toContainEqual({
      type: 'resource_link',
      uri: `vcard-batch://${id}`,
      name: 'batch',
      mimeType: 'application/json',
    });
    let batch: CallToolResult;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = (await client.callTool({ name: 'get_vcard_batch', arguments: { batchId: id } })) as CallToolResult;
    } while ((batch.structuredContent as { status: string }).status !== 'succeeded');
    expect(await readJson(`vcard-batch://${id}`)).toEqual(await rest(`/v1/batches/${id}`));

    const items = (await rest(`/v1/batches/${id}/items`)) as { data: unknown[] };
    for (const index of [0, 1, 2])
      expect(await readJson(`vcard-batch://${id}/items/${index}`)).toEqual(items.data[index]);
    const card = await client.readResource({ uri: `vcard-batch://${id}/items/2.vcf` });
    expect(card.contents[0].mimeType).toBe('text/vcard');
    const parsed = new ICAL.Component(ICAL.parse((card.contents[0] as TextResourceContents).text));
    expect(parsed.getFirstPropertyValue('fn')).toBe('Grace Hopper');
    // The failed item has no card; an index past the end is not there either.
    await expect(client.readResource({ uri: `vcard-batch://${id}/items/1.vcf` })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(client.readResource({ uri: `vcard-batch://${id}/items/3` })).rejects.toMatchObject({ code: -32602 });

    const links = batch.content.filter((block) => block.type === 'resource_link') as {
      uri: string;
      mimeType: string;
    }[];
    const self = `${baseUrl.replace(/127\.0\.0\.1:\d+/, 'localhost:3000')}/v1/batches/${id}`;
    expect(links.map((link) => [link.uri, link.mimeType])).toEqual([
      [`vcard-batch://${id}`, 'application/json'],
      [`${self}/cards.vcf`, 'text/vcard'],
      [`${self}/codes.zip`, 'application/zip'],
      ...LAYOUTS.map((layout) => [`${self}/sheet.pdf?layout=${layout}`, 'application/pdf']),
    ]);
    // The links are the REST downloads: each answers its file.
    for (const link of links.slice(1)) {
      const res = await fetch(link.uri.replace('http://localhost:3000', baseUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(link.mimeType);
      // Read to the end: a download still streaming counts against the client's concurrent ones.
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('offers a prompt per template, its contact fields as arguments, and a sheet prompt', async () => {
    const templates = (await readJson('vcard://templates')) as {
      data: { id: string; name: string; requiredFields: string[]; optionalFields: string[] }[];
    };
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([...templates.data.map((t) => t.id), 'print_batch_sheet']);
    for (const template of templates.data) {
      const prompt = prompts.find((candidate) => candidate.name === template.id)!;
      expect(prompt.title).toBe(template.name);
      expect(prompt.arguments!.map((argument) => [argument.name, argument.required])).toEqual([
        ...template.requiredFields.map((field) => [field, true]),
        ...template.optionalFields.map((field) => [field, false]),
      ]);
    }
    const business = templates.data[0];
    const args = Object.fromEntries(
      business.requiredFields.map((field) => [field, field === 'email' ? 'ada@example.com' : 'Ada']),
    );
    const got = await client.getPrompt({ name: business.id, arguments: args });
    expect(got.messages).toHaveLength(1);
    const text = (got.messages[0].content as { text: string }).text;
    expect(text).toContain('create_vcard_qr_code');
    expect(text).toContain(`"${business.id}"`);
    expect(text).toContain(JSON.stringify(args));
    await expect(client.getPrompt({ name: business.id, arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt({ name: 'no-such-prompt' })).rejects.toMatchObject({ code: -32602 });

    const sheet = await client.getPrompt({
      name: 'print_batch_sheet',
      arguments: { batchId: 'batch_01J00000000000000000000000', layout: 'card-us' },
    });
    expect(sheet.messages[1].content).toMatchObject({
      type: 'resource_link',
      uri: 'http://localhost:3000/v1/batches/batch_01J00000000000000000000000/sheet.pdf?layout=card-us',
    });
  });

  it('completes template ids and sheet layouts', async () => {
    const ids = ((await readJson('vcard://templates')) as { data: { id: string }[] }).data.map((t) => t.id);
    const all = await client.complete({
      ref: { type: 'ref/resource', uri: 'vcard://templates/{id}' },
      argument: { name: 'id', value: '' },
    });
    expect(all.completion.values).toEqual(ids);
    const first = ids[0].slice(0, 3);
    const some = await client.complete({
      ref: { type: 'ref/resource', uri: 'vcard://templates/{id}' },
      argument: { name: 'id', value: first },
    });
    expect(some.completion.values).toEqual(ids.filter((id) => id.startsWith(first)));
    const layouts = await client.complete({
      ref: { type: 'ref/prompt', name: 'print_batch_sheet' },
      argument: { name: 'layout', value: 'label' },
    });
    expect(layouts.completion).toEqual({ values: ['label-l7160', 'label-5160'], total: 2, hasMore: false });
    const none = await client.complete({
      ref: { type: 'ref/prompt', name: ids[0] },
      argument: { name: 'fullName', value: 'A' },
    });
    expect(none.completion.values).toEqual([]);
  });
});
