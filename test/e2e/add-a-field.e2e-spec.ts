import { describe, expect, it, jest } from '@jest/globals';
import type { ObjectRule, Rule } from '../../src/lib/contact';
import type { useTestApp as UseTestApp } from '../utils/test-app';

// The "add a field" exercise: a scratch field added to the contact's declaration alone (its rule,
// its card property, its place in the QR budget and in the batch examples and the invalid_csv
// hint, nothing else anywhere) shows up in validation, the OpenAPI document (the batch examples
// too), the MCP tool schema, the CSV columns and the hint, the vCard 3.0 and 4.0 output and the
// budget. The declaration module is replaced for this file only; every other module is the real one.

const PRONOUNS: Rule = {
  kind: 'text',
  max: 32,
  description: 'Pronouns (PRONOUNS in vCard 4.0).',
  card: { kind: 'text', property: 'X-PRONOUNS', v4: 'PRONOUNS' },
  budget: { rank: 4.5, docs: 'pronouns' },
  batchExample: { json: ['she/her'], csv: ['she/her', 'she/they'] },
  csvHint: { place: 1.5 },
};

jest.mock('../../src/lib/contact/contact-schema', () => {
  const actual = jest.requireActual<{ CONTACT_SCHEMA: ObjectRule }>('../../src/lib/contact/contact-schema');
  const fields: Record<string, Rule> = {};
  for (const [name, rule] of Object.entries(actual.CONTACT_SCHEMA.fields)) {
    fields[name] = rule;
    if (name === 'nickname') fields.pronouns = PRONOUNS;
  }
  return { CONTACT_SCHEMA: { ...actual.CONTACT_SCHEMA, fields } };
});

const JSON_HEADERS = { 'content-type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a field added to the declaration alone', () => {
  // Loaded only now, after the mock: every module of the app then sees the declaration with the field.
  const { useTestApp } = jest.requireActual<{ useTestApp: typeof UseTestApp }>('../utils/test-app');
  const suite = useTestApp();
  const postCsv = (payload: string) =>
    suite.app.inject({ method: 'POST', url: '/v1/batches', headers: { 'content-type': 'text/csv' }, payload });

  const card = (query: string, contact: object) =>
    suite.app.inject({
      method: 'POST',
      url: `/v1/vcard${query}`,
      headers: JSON_HEADERS,
      payload: JSON.stringify(contact),
    });

  it('is validated by its rule, at its path', async () => {
    const tooLong = await card('', { fullName: 'Ada Lovelace', pronouns: 'x'.repeat(33) });
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json() as { error: { details: { fields: unknown[] } } }).error.details.fields).toEqual([
      { field: 'pronouns', issue: 'too_long', message: 'pronouns must be at most 32 characters' },
    ]);
  });

  it('is written in vCard 3.0 and 4.0, in its place after NICKNAME', async () => {
    const contact = { fullName: 'Ada Lovelace', nickname: 'Ada', pronouns: 'she/her', title: 'Engineer' };
    const v3 = (await card('', contact)).json() as { vcard: string; format: string };
    expect(v3.format).toBe('vcard3');
    expect(v3.vcard).toContain('NICKNAME:Ada\r\nX-PRONOUNS:she/her\r\nTITLE:Engineer\r\n');
    const v4 = (await card('?format=vcard4', contact)).json() as { vcard: string };
    expect(v4.vcard).toContain('NICKNAME:Ada\r\nPRONOUNS:she/her\r\nTITLE:Engineer\r\n');
  });

  it('leaves qrPayload at its rank of the QR budget, and the budget docs name it', async () => {
    const contact = {
      fullName: 'Ada Lovelace',
      nickname: 'Ada',
      pronouns: 'she/her',
      birthday: '1815-12-10',
      note: 'n'.repeat(40),
    };
    // Version 4 at L (78 bytes) holds little more than N and FN: every droppable field goes, in rank order.
    const fitted = (await card('?qrVersion=4&qrLevel=L', contact)).json() as { qr: { omitted: string[] } };
    expect(fitted.qr.omitted).toEqual(['note', 'birthday', 'pronouns', 'nickname']);
    const document = (await suite.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, { post: { parameters: Array<{ name: string; description: string }> } }>;
    };
    const qrVersion = document.paths['/v1/vcard'].post.parameters.find((p) => p.name === 'qrVersion')!;
    expect(qrVersion.description).toContain('birthday; pronouns; nickname');
  });

  it('is in the OpenAPI document and the MCP tool schema', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      components: { schemas: { VCardRequest: { properties: Record<string, unknown> } } };
    };
    expect(document.components.schemas.VCardRequest.properties.pronouns).toEqual({
      type: 'string',
      maxLength: 32,
      description: 'Pronouns (PRONOUNS in vCard 4.0).',
    });
    const res = await suite.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...JSON_HEADERS, accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = (res.json() as { result: { tools: Array<{ name: string; inputSchema: { properties: object } }> } })
      .result.tools;
    const create = tools.find((tool) => tool.name === 'create_vcard_payload')!;
    expect(create.inputSchema.properties).toHaveProperty('pronouns');
  });

  it('is in the batch request examples, in its declaration place', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
    };
    const { content } = document.paths['/v1/batches'].post.requestBody;
    expect(content['application/json'].example).toEqual({
      contacts: [
        { fullName: 'Ada Lovelace', pronouns: 'she/her', email: 'ada@example.com' },
        { fullName: 'Grace Hopper' },
      ],
    });
    expect(content['text/csv'].example).toBe(
      'fullName,pronouns,organization,email\r\nAda Lovelace,she/her,Analytical Engines,ada@example.com\r\n"Hopper, Grace",she/they,US Navy,grace@example.com\r\n',
    );
  });

  it('is in the invalid_csv hint’s sample of columns, at its place', async () => {
    const refused = await postCsv('a,b\r\n1,2\r\n');
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { error: { hint: string } }).error.hint).toContain(
      '(fullName, organization, pronouns, phone, email, ..., phone.cell,',
    );
  });

  it('is a CSV column of a batch', async () => {
    const created = await postCsv('fullName,pronouns\r\nAda Lovelace,she/her\r\n');
    expect(created.statusCode).toBe(202);
    const id = (created.json() as { id: string }).id;
    for (let i = 0; i < 100; i++) {
      if (
        ((await suite.app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as { status: string }).status !==
        'queued'
      )
        break;
      await sleep(20);
    }
    await sleep(50);
    const items = (await suite.app.inject({ method: 'GET', url: `/v1/batches/${id}/items` })).json() as {
      data: Array<{ result: { vcard: string } }>;
    };
    expect(items.data[0].result.vcard).toContain('X-PRONOUNS:she/her\r\n');
  });
});
