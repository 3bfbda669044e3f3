import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrintFile, pdfText, zbarimg } from '../utils/print-readers';
import { describeWithProgram } from '../utils/system-program';

// The "add a field" exercise, for real: a copy of the repository's src/ gets one scratch field,
// `pronouns`, in its declaration (fields/name-fields.ts, where the field takes over naming the
// contact's files from fullName) and in the contact's type (contact.ts), and nothing else. The copy
// is compiled once with the build's own tsconfig into a dist of its own, and that build answers:
// every derivation ARCHITECTURE.md lists ("One declaration per field") is asked for the field,
// the worker threads (sheet.pdf, codes.zip) included, since they run the copy's compiled files.
// The field declares a column in the Google and Outlook exports too (no real export has one), so
// the exports' tables are asked for it as well.

const ROOT = join(__dirname, '..', '..');

const PRONOUNS = `  pronouns: text(32, {
    required: true,
    description: 'Pronouns (PRONOUNS in vCard 4.0).',
    example: 'she/her',
    card: { kind: 'text', property: 'X-PRONOUNS', v4: 'PRONOUNS' },
    sheet: { line: 3, label: 'pronouns' },
    fileName: true,
    keptDocs: 'the pronouns',
    batchExample: { json: ['she/her', 'he/him'], csv: ['she/her', 'she/they'] },
    csvHint: { place: 1.5 },
    csv: { google: ['Pronouns'], outlook: ['Pronouns'] },
  }),
`;

/** Replaces `anchor` in a file of the copy, which must hold it exactly once. */
function edit(dir: string, file: string, anchor: string, replacement: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  if (text.split(anchor).length !== 2) throw new Error(`${file} no longer holds its anchor once: update this test`);
  writeFileSync(path, text.replace(anchor, replacement));
}

/** A copy of the repository's source with the scratch field, compiled to <copy>/dist. */
function scratchBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'add-a-field-'));
  try {
    cpSync(join(ROOT, 'src'), join(dir, 'src'), {
      recursive: true,
      filter: (source) => !source.endsWith('.spec.ts') && !source.includes(join('src', 'playground')),
    });
    for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package.json'])
      cpSync(join(ROOT, file), join(dir, file));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const nickname = "    budget: { rank: 5, docs: 'nickname' },\n  }),\n";
    edit(dir, 'src/lib/contact/fields/name-fields.ts', '    fileName: true,\n', '');
    edit(dir, 'src/lib/contact/fields/name-fields.ts', nickname, nickname + PRONOUNS);
    edit(dir, 'src/lib/contact/contact.ts', '  nickname?: string;\n', '  nickname?: string;\n  pronouns: string;\n');
    // tsconfig.json's include names test/ and bench/ too: the build's tsconfig compiles src alone,
    // checked as the build checks it; declarations and source maps, which no app loads, are not
    // written (about a tenth of the compile's CPU).
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    execFileSync(
      process.execPath,
      [tsc, '-p', 'tsconfig.build.json', '--declaration', 'false', '--sourceMap', 'false'],
      {
        cwd: dir,
        stdio: 'pipe',
        timeout: 400_000,
      },
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const ADA = { fullName: 'Ada Lovelace', pronouns: 'she/her' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a field added to the declaration alone, in a build of its own', () => {
  let dir: string;
  let app: NestFastifyApplication;
  beforeAll(async () => {
    dir = scratchBuild();
    // The copy's own build, loaded by path as `node dist/main.js` would load it.
    const { createApp } = createRequire(__filename)(join(dir, 'dist', 'standalone', 'create-app.js')) as {
      createApp: (options: { env: Record<string, string> }) => Promise<NestFastifyApplication>;
    };
    app = await createApp({ env: { LOG_LEVEL: 'silent', PLAYGROUND: 'false' } });
  }, 420_000);
  afterAll(async () => {
    await app?.close();
    if (dir && !process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  });

  const card = (query: string, contact: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/v1/vcard${query}`,
      headers: { ...JSON_HEADERS, ...headers },
      payload: JSON.stringify(contact),
    });
  const get = <T>(url: string): Promise<T> => app.inject({ method: 'GET', url }).then((res) => res.json<T>());
  const mcp = (method: string, params: object = {}) =>
    app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...JSON_HEADERS, accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
  /** A batch of `body`, once it has run. */
  async function finishedBatch(body: string, contentType: string): Promise<string> {
    const created = await app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(created.statusCode).toBe(202);
    const id = created.json<{ id: string }>().id;
    for (let i = 0; i < 200; i++) {
      const { status } = await get<{ status: string }>(`/v1/batches/${id}`);
      if (status !== 'queued' && status !== 'running') break;
      await sleep(25);
    }
    return id;
  }

  it('is validated by its rule, at its path: required, and at most 32 characters', async () => {
    const issues = async (contact: object) =>
      (await card('', contact)).json<{ error: { details: { fields: unknown[] } } }>().error.details.fields;
    expect(await issues({ fullName: 'Ada Lovelace' })).toEqual([
      { field: 'pronouns', issue: 'required', message: 'pronouns is required' },
    ]);
    expect(await issues({ ...ADA, pronouns: 'x'.repeat(33) })).toEqual([
      { field: 'pronouns', issue: 'too_long', message: 'pronouns must be at most 32 characters' },
    ]);
  });

  it('is written in vCard 3.0 and 4.0 in its declaration place after NICKNAME; MECARD, with no key for it, lists it as left out', async () => {
    const contact = { ...ADA, nickname: 'Ada', title: 'Engineer' };
    const v3 = (await card('', contact)).json<{ vcard: string }>();
    expect(v3.vcard).toContain('NICKNAME:Ada\r\nX-PRONOUNS:she/her\r\nTITLE:Engineer\r\n');
    const v4 = (await card('?format=vcard4', contact)).json<{ vcard: string }>();
    expect(v4.vcard).toContain('NICKNAME:Ada\r\nPRONOUNS:she/her\r\nTITLE:Engineer\r\n');
    const mecard = (await card('?format=mecard', contact)).json<{ qrPayload: string; qr: { omitted: string[] } }>();
    expect(mecard.qrPayload).toBe('MECARD:N:Lovelace,Ada;NICKNAME:Ada;;');
    expect(mecard.qr.omitted).toEqual(['pronouns', 'title']);
  });

  it('is read back by the vCard import', async () => {
    const imported = await app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: { 'content-type': 'text/vcard' },
      payload: 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nPRONOUNS:she/her\r\nEND:VCARD\r\n',
    });
    expect(imported.statusCode).toBe(200);
    const body = imported.json<{ vcard: string; import: { contact: Record<string, unknown> } }>();
    expect(body.import.contact).toMatchObject(ADA);
    expect(body.vcard).toContain('X-PRONOUNS:she/her\r\n');
  });

  it('is never left out by the QR budget, and the NFC error names it among what is never left out', async () => {
    const contact = { ...ADA, nickname: 'Ada', birthday: '1815-12-10', note: 'n'.repeat(40) };
    const fitted = (await card('?qrVersion=5&qrLevel=L', contact)).json<{
      qrPayload: string;
      qr: { omitted: string[] };
    }>();
    expect(fitted.qr.omitted).toEqual(['note', 'birthday', 'nickname']);
    expect(fitted.qrPayload).toContain('X-PRONOUNS:she/her');
    const tooBig = await card('?nfc=ntag213', { ...ADA, fullName: 'A'.repeat(200) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json<{ error: { hint: string } }>().error.hint).toContain(
      'the name, the pronouns, the organization, the first phone and the first email.',
    );
  });

  it('is in the OpenAPI document, the MCP tool schema and the MCP instructions', async () => {
    const document = await get<{
      components: { schemas: { VCardRequest: { properties: object; required: string[] } } };
    }>('/openapi.json');
    expect(document.components.schemas.VCardRequest.properties).toHaveProperty('pronouns', {
      type: 'string',
      maxLength: 32,
      minLength: 1,
      description: 'Pronouns (PRONOUNS in vCard 4.0).',
      example: 'she/her',
    });
    expect(document.components.schemas.VCardRequest.required).toEqual(['fullName', 'pronouns']);
    const tools = (await mcp('tools/list')).json<{
      result: { tools: Array<{ name: string; inputSchema: { properties: object } }> };
    }>().result.tools;
    expect(tools.find((tool) => tool.name === 'create_vcard_payload')!.inputSchema.properties).toHaveProperty(
      'pronouns',
    );
    const initialized = await mcp('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'e2e', version: '1.0.0' },
    });
    expect(initialized.json<{ result: { instructions: string } }>().result.instructions).toContain(
      'nickname; pronouns (required); organization;',
    );
  });

  it('has its length limit in the product context', async () => {
    const product = await get<{ encoding: { fieldMaxLength: Record<string, number> } }>('/v1/product');
    expect(product.encoding.fieldMaxLength.pronouns).toBe(32);
  });

  it('is required by every template, after the name, as the contact requires it', async () => {
    expect((await get<{ requiredFields: string[] }>('/v1/templates/minimal')).requiredFields).toEqual([
      'fullName',
      'pronouns',
      'phone',
    ]);
  });

  it('names the downloaded files', async () => {
    const file = await card('', ADA, { accept: 'text/vcard' });
    expect(file.headers['content-disposition']).toBe('attachment; filename="she-her.vcf"');
  });

  it('is in the batch request examples and the invalid_csv hint, in its declaration place', async () => {
    const document = await get<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
    }>('/openapi.json');
    const { content } = document.paths['/v1/batches'].post.requestBody;
    expect(content['application/json'].example).toEqual({
      contacts: [
        { fullName: 'Ada Lovelace', pronouns: 'she/her', email: 'ada@example.com' },
        { fullName: 'Grace Hopper', pronouns: 'he/him' },
      ],
    });
    expect(content['text/csv'].example).toBe(
      'fullName,pronouns,organization,email\r\nAda Lovelace,she/her,Analytical Engines,ada@example.com\r\n"Hopper, Grace",she/they,US Navy,grace@example.com\r\n',
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b\r\n1,2\r\n',
    });
    expect(refused.json<{ error: { hint: string } }>().error.hint).toContain(
      '(fullName, organization, pronouns, phone, email, ..., phone.cell,',
    );
  });

  it('is a CSV column of a batch, and among the column forms an unknown column’s error lists', async () => {
    const id = await finishedBatch('fullName,pronouns\r\nAda Lovelace,she/her\r\n', 'text/csv');
    const items = await get<{ data: Array<{ result: { vcard: string } }> }>(`/v1/batches/${id}/items`);
    expect(items.data[0].result.vcard).toContain('X-PRONOUNS:she/her\r\n');
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': 'text/csv' },
      payload: 'fullName,pronoun\r\nAda Lovelace,she/her\r\n',
    });
    expect(unknown.json<{ error: { details: { column: string; columns: string[] } } }>().error.details).toMatchObject({
      column: 'pronoun',
      columns: expect.arrayContaining([expect.stringMatching(/^fullName, nickname, pronouns, organization, /)]),
    });
  });

  it.each([
    ['google-csv', 'Given Name,Family Name,Pronouns\r\nAda,Lovelace,she/her\r\n'],
    ['outlook-csv', 'First Name,Last Name,Mobile Phone,Pronouns\r\nAda,Lovelace,+44 20 7946 0958,she/her\r\n'],
  ])('is read from its column in an address-book export (%s)', async (source, body) => {
    const id = await finishedBatch(body, 'text/csv');
    const batch = await get<{ source: string; ignoredColumns?: string[] }>(`/v1/batches/${id}`);
    expect(batch).toMatchObject({ source });
    expect(batch.ignoredColumns ?? []).not.toContain('Pronouns');
    const items = await get<{ data: Array<{ status: string; result: { vcard: string } }> }>(`/v1/batches/${id}/items`);
    expect(items.data[0].status).toBe('succeeded');
    expect(items.data[0].result.vcard).toContain('FN:Ada Lovelace\r\n');
    expect(items.data[0].result.vcard).toContain('X-PRONOUNS:she/her\r\n');
  });

  describeWithProgram('pdftotext', 'apt-get install -y poppler-utils', ['-v'])('on a worker thread', () => {
    const contacts = JSON.stringify({ contacts: [ADA, { fullName: 'Grace Hopper', pronouns: 'she/they' }] });

    it('is a text line of the printed sheet, written by the sheet writer thread', async () => {
      const id = await finishedBatch(contacts, 'application/json');
      const sheet = await app.inject({ method: 'GET', url: `/v1/batches/${id}/sheet.pdf?layout=card-eu` });
      expect(sheet.statusCode).toBe(200);
      const pdf = new PrintFile(sheet.rawPayload, 'pdf');
      try {
        const text = pdfText(pdf, 1);
        expect(text).toContain('she/her');
        expect(text).toContain('she/they');
      } finally {
        pdf.done();
      }
    });

    // codes.zip read by Info-ZIP's unzip, its codes by zbarimg.
    const withUnzipAndZbar = (name: string, tests: () => void) =>
      describeWithProgram('unzip', 'apt-get install -y unzip', ['-v'])(name, () =>
        describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')('read by unzip and zbarimg', tests),
      );
    withUnzipAndZbar('codes.zip', () => {
      /** The names Info-ZIP's unzip lists in the batch's codes.zip, and the text of one of its files. */
      async function codesZip(entry?: string): Promise<{ names: string[]; text?: string }> {
        const id = await finishedBatch(contacts, 'application/json');
        const zip = await app.inject({ method: 'GET', url: `/v1/batches/${id}/codes.zip` });
        expect(zip.statusCode).toBe(200);
        const file = join(dir, 'last.zip');
        writeFileSync(file, zip.rawPayload);
        const names = execFileSync('unzip', ['-Z1', file], { timeout: 30_000 }).toString().trim().split('\n');
        return {
          names,
          text:
            entry === undefined
              ? undefined
              : execFileSync('unzip', ['-p', file, entry], { timeout: 30_000 }).toString(),
        };
      }

      it('holds the field in each contact’s .vcf, and in its code drawn by the render pool (read by zbarimg)', async () => {
        const { names, text } = await codesZip('2-she-they.vcf');
        expect(text).toContain('X-PRONOUNS:she/they\r\n');
        const png = names.find((name) => name.endsWith('.png'))!;
        const image = join(dir, 'code.png');
        writeFileSync(image, execFileSync('unzip', ['-p', join(dir, 'last.zip'), png], { timeout: 30_000 }));
        expect(zbarimg(image).toString()).toContain('X-PRONOUNS:she/her\r\n');
      });

      // The .vcf download and codes.zip name a contact’s files by one rule (docs/api.md#file-names):
      // after the field that declares fileName, read back from the stored card for the archive.
      it('names each contact’s files after the field that declares fileName', async () => {
        const { names } = await codesZip();
        expect(names.filter((name) => name.endsWith('.vcf'))).toEqual(['1-she-her.vcf', '2-she-they.vcf']);
      });
    });
  });
});
