import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asJpeg, blankPicture, codePicture } from '../utils/code-picture';
import { OpenApiContract } from '../utils/openapi-contract';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';
import { zipArchive, type ArchiveFile } from '../utils/zip-archive';

// A batch from a ZIP of images, over the real app: each image scanned as POST /v1/scans scans it,
// one item per image in the archive's order (directories and macOS metadata read past), its
// contact the code's import; an image without a code, or without a contact, fails alone with the
// scan's error. Archives that are not ZIPs, bombs and path tricks are refused before any item.

interface Item {
  index: number;
  status: string;
  file?: string;
  result?: { qrPayload: string };
  error?: { code: string; details?: Record<string, unknown> };
  import?: { contact: Record<string, unknown>; leftOut: unknown[] };
}
interface Batch {
  id: string;
  status: string;
  source: string;
  progress: { total: number; succeeded: number; failed: number };
}

const ADA = { fullName: 'Ada Lovelace', email: 'ada@example.com' };
const ALAN = { fullName: 'Alan Turing', phone: '+44 20 7946 0000' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a batch from a ZIP of images (POST /v1/batches, application/zip)', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  let pictures: { ada: Buffer; alan: Buffer; url: Buffer };
  let texts: { ada: string };
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
    const payload = async (contact: object, query = ''): Promise<string> =>
      (await app.inject({ method: 'POST', url: `/v1/vcard${query}`, payload: contact })).json<{ qrPayload: string }>()
        .qrPayload;
    texts = { ada: await payload(ADA) };
    pictures = {
      ada: codePicture(texts.ada, 360, 300, { left: 60, top: 50, module: 5 }).png,
      alan: asJpeg(codePicture(await payload(ALAN, '?format=mecard'), 300, 300, { left: 40, top: 40, module: 6 }).png),
      url: codePicture('https://example.com/a', 200, 200, { left: 40, top: 40, module: 5 }).png,
    };
  });
  afterAll(() => app.close());

  const post = (body: Buffer, type = 'application/zip') =>
    app.inject({ method: 'POST', url: '/v1/batches', headers: { 'content-type': type }, payload: body });

  async function items(id: string): Promise<Item[]> {
    for (let i = 0; i < 500; i++) {
      const batch = (await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json<Batch>();
      if (batch.status === 'succeeded') break;
      await sleep(20);
    }
    const res = await app.inject({ method: 'GET', url: `/v1/batches/${id}/items?limit=100` });
    contract.expectResponse('GET', '/v1/batches/{batchId}/items', 200, res.json());
    return res.json<{ data: Item[] }>().data;
  }

  it('one item per image, in order, each with its file and its code’s contact; no code or no contact fails alone', async () => {
    const files: ArchiveFile[] = [
      { name: 'badges/', data: Buffer.alloc(0), method: 'store' },
      { name: 'badges/ada.png', data: pictures.ada, method: 'store' },
      { name: '__MACOSX/badges/._ada.png', data: Buffer.from('metadata') },
      { name: 'badges/alan.jpg', data: pictures.alan, descriptor: 'signed' },
      { name: 'badges/url.png', data: pictures.url },
      { name: 'badges/blank.png', data: blankPicture(300, 200), descriptor: 'signed' },
      { name: 'badges/notes.txt', data: Buffer.from('not an image') },
    ];
    const res = await post(zipArchive(files));
    expect(res.statusCode).toBe(202);
    contract.expectResponse('POST', '/v1/batches', 202, res.json());
    const batch = res.json<Batch>();
    expect(batch).toMatchObject({ source: 'zip', progress: { total: 5 } });
    const [ada, alan, url, blank, notes] = await items(batch.id);
    expect(ada).toMatchObject({ status: 'succeeded', file: 'badges/ada.png', import: { leftOut: [] } });
    expect(ada.import!.contact).toMatchObject({ fullName: ADA.fullName });
    // The item's card is the one POST /v1/vcard makes of the imported contact, and holds the badge's text.
    const direct = await app.inject({ method: 'POST', url: '/v1/vcard', payload: ada.import!.contact });
    expect(ada.result).toEqual(direct.json());
    expect(ada.result!.qrPayload).toBe(texts.ada);
    expect(alan).toMatchObject({ status: 'succeeded', file: 'badges/alan.jpg' });
    expect(alan.import!.contact).toMatchObject({ fullName: ALAN.fullName });
    expect(url).toMatchObject({ status: 'failed', file: 'badges/url.png', error: { code: 'invalid_vcard' } });
    expect(blank).toMatchObject({ status: 'failed', file: 'badges/blank.png', error: { code: 'no_code_found' } });
    expect(notes).toMatchObject({ status: 'failed', file: 'badges/notes.txt' });
    expect(['invalid_image', 'unsupported_media_type']).toContain(notes.error!.code);
  });

  it('refuses an archive it cannot read, a bomb, a path trick and too many images, before any batch', async () => {
    const ok = { name: 'a.png', data: pictures.url };
    const cases: Array<[Buffer, number, string, Record<string, unknown>]> = [
      [Buffer.from('PK but not really'), 400, 'invalid_zip', { issue: 'not_a_zip' }],
      [zipArchive([ok]).subarray(0, 100), 400, 'invalid_zip', { issue: 'truncated' }],
      [
        zipArchive([ok, { name: '../../etc/passwd', data: pictures.url }]),
        400,
        'invalid_zip',
        { issue: 'unsafe_name', entry: 2 },
      ],
      [zipArchive([{ name: 'only/', data: Buffer.alloc(0) }]), 400, 'invalid_zip', { issue: 'no_files' }],
      [
        zipArchive([{ name: 'bomb.png', data: Buffer.alloc(20_000_000), claimedSize: 1000 }]),
        413,
        'payload_too_large',
        { maxFileBytes: 10_485_760, entry: 1 },
      ],
      [
        zipArchive(Array.from({ length: 101 }, (_, n) => ({ name: `${n}.png`, data: Buffer.from([n % 256]) }))),
        413,
        'payload_too_large',
        { maxFiles: 100 },
      ],
    ];
    for (const [body, status, code, details] of cases) {
      const res = await post(body);
      expect({ status: res.statusCode, error: res.json().error }).toMatchObject({ status, error: { code, details } });
    }
    const listed = await post(zipArchive([ok]), 'application/x-zip');
    expect(listed.statusCode).toBe(415);
    expect(listed.json().error.details.accepted).toEqual(expect.arrayContaining(['application/zip']));
  });
});

describe('a ZIP batch and the rate budget', () => {
  let app: NestFastifyApplication;
  let picture: Buffer;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
    picture = codePicture('https://example.com/b', 200, 200, { left: 40, top: 40, module: 5 }).png;
  });
  afterAll(() => app.close());
  const archive = (images: number): Buffer =>
    zipArchive(Array.from({ length: images }, (_, i) => ({ name: `code-${i}.png`, data: picture })));
  const post = (body: Buffer) =>
    app.inject({ method: 'POST', url: '/v1/batches', headers: { 'content-type': 'application/zip' }, payload: body });

  it('costs one unit an image, as POST /v1/scans does; the image the budget cannot cover is a 429 and no batch', async () => {
    const three = await post(archive(3));
    expect(three.statusCode).toBe(202);
    expect(three.headers['ratelimit-remaining']).toBe('2');
    const refused = await post(archive(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describeWithPrograms([PROGRAMS.python3, PROGRAMS.unzip])('ZIP batches, with the archivers people use', () => {
  let app: NestFastifyApplication;
  let folder: string;
  beforeAll(async () => {
    app = await buildTestApp();
    folder = mkdtempSync(join(tmpdir(), 'batch-zip-'));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await app.close();
  });

  it('reads Python’s streamed ZIP (data descriptors) and Info-ZIP accepts the test archives', async () => {
    const qrPayload = (await app.inject({ method: 'POST', url: '/v1/vcard', payload: ADA })).json<{
      qrPayload: string;
    }>().qrPayload;
    writeFileSync(join(folder, 'ada.png'), codePicture(qrPayload, 300, 300, { left: 50, top: 50, module: 5 }).png);
    // A writer that cannot seek: sizes after each file, as phones' and browsers' zippers write them.
    const script = [
      'import sys, zipfile',
      'class Out:',
      '  def __init__(s): s.b = bytearray()',
      '  def write(s, d): s.b += d; return len(d)',
      '  def flush(s): pass',
      'out = Out()',
      'with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:',
      '  z.write(sys.argv[1], "one/ada.png")',
      '  z.write(sys.argv[1], "two/ada.png")',
      'sys.stdout.buffer.write(out.b)',
    ].join('\n');
    const made = spawnSync('python3', ['-c', script, join(folder, 'ada.png')], { timeout: 30_000 });
    expect(made.status).toBe(0);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': 'application/zip' },
      payload: made.stdout,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ source: 'zip', progress: { total: 2 } });
    const mine = zipArchive([
      { name: 'a.png', data: readFileSync(join(folder, 'ada.png')), descriptor: 'signed' },
      { name: 'b.png', data: Buffer.alloc(5000, 1), zip64: true },
      { name: 'c.png', data: Buffer.from('stored'), method: 'store' },
    ]);
    writeFileSync(join(folder, 'mine.zip'), mine);
    const tested = spawnSync('unzip', ['-t', join(folder, 'mine.zip')], { encoding: 'utf8', timeout: 30_000 });
    expect(tested.stdout).toMatch(/No errors detected/);
  });
});
