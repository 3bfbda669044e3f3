import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import ICAL from 'ical.js';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithProgram } from '../utils/system-program';
import { readPngs, rasteriseSvg, readPng, zbarRead } from '../utils/qr-image-reader';
import { listenTestApp } from '../utils/test-app';
import { CodeRenderer } from '../../src/infra/render-pool/code-renderer';
import { ringLogo } from '../fixtures/styled/styled-fixtures';
import { zbarimgReadAll } from '../utils/styled-code-readers';

// GET /v1/batches/{id}/codes.zip over real HTTP, read by Info-ZIP's unzip (an independent reader):
// the names and their order, each image decoded by zbar to its item's qrPayload, each .vcf parsed
// by ical.js to one card equal to the item's vcard.

interface Batch {
  id: string;
  status: string;
  links: { self: string };
}
interface Item {
  index: number;
  status: string;
  result?: { vcard: string; qrPayload: string };
}

/**
 * fetch on a connection of its own, closed after the answer. The test's event loop is blocked for
 * seconds at a time (unzip, zbar); a kept-alive connection can be closed by the server meanwhile and
 * then reset when the client reuses it (seen once in CI: `fetch failed`, `read ECONNRESET`).
 */
function fresh(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), connection: 'close' } });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Contacts whose names exercise the file-name rule: accents, CJK only, punctuation, length; some invalid. */
function contacts(n: number): Array<Record<string, string>> {
  return Array.from({ length: n }, (_, i) => {
    const names = [
      `Zoë Ångström ${i}`,
      '李小龍',
      `  O'Brien, Seán — ${i}  `,
      `${'Maximilian '.repeat(5)}${i}`,
      `Ada Lovelace ${i}`,
    ];
    const contact: Record<string, string> = {
      fullName: names[i % names.length],
      phone: '+44 20 7946 0958',
      email: `p${i}@example.com`,
    };
    if (i % 97 === 13) contact.email = 'not-an-email';
    return contact;
  });
}

/** The file-name stem of docs/api.md#qr-code-images, written out again for the test. */
function slug(fullName: string): string {
  const ascii = fullName
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return (
    ascii
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'contact'
  );
}

function toCsv(rows: Array<Record<string, string>>): string {
  const quote = (value: string): string => `"${value.replace(/"/g, '""')}"`;
  return (
    ['fullName,phone,email', ...rows.map((row) => [row.fullName, row.phone, row.email].map(quote).join(','))].join(
      '\r\n',
    ) + '\r\n'
  );
}

describeWithProgram('unzip', 'apt-get install -y unzip', ['-v'])(
  'codes.zip: a QR image and a .vcf per successful contact',
  () => {
    let app: NestFastifyApplication;
    let baseUrl: string;
    let work: string;
    beforeAll(async () => {
      ({ app, baseUrl } = await listenTestApp());
      work = mkdtempSync(join(tmpdir(), 'codes-zip-'));
    });
    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await app.close();
    });

    async function createBatch(body: string, contentType: string): Promise<Batch> {
      const res = await fresh(`${baseUrl}/v1/batches`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      expect(res.status).toBe(202);
      return (await res.json()) as Batch;
    }

    async function finished(batch: Batch): Promise<Batch> {
      for (let i = 0; i < 500; i++) {
        const now = (await (await fresh(`${baseUrl}/v1/batches/${batch.id}`)).json()) as Batch;
        if (now.status === 'succeeded') return now;
        await sleep(20);
      }
      throw new Error('the batch did not finish');
    }

    async function items(batch: Batch): Promise<Item[]> {
      const all: Item[] = [];
      let cursor = '';
      for (;;) {
        const page = (await (
          await fresh(`${baseUrl}/v1/batches/${batch.id}/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
        ).json()) as {
          data: Item[];
          pagination: { next_cursor: string | null };
        };
        all.push(...page.data);
        if (page.pagination.next_cursor === null) return all;
        cursor = page.pagination.next_cursor;
      }
    }

    /** Downloads the ZIP over HTTP and unpacks it with unzip; returns the names unzip lists, in order. */
    // On a new connection each time: the decoding between two downloads blocks the test's event loop
    // for longer than the server keeps an idle connection, and a reused one would be reset.
    async function download(
      batch: Batch,
      query: string,
      name: string,
      onFirstBytes?: () => void,
    ): Promise<{ names: string[]; dir: string; headers: IncomingHttpHeaders; methods: Map<string, string> }> {
      const file = join(work, `${name}.zip`);
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        get(`${baseUrl}/v1/batches/${batch.id}/codes.zip${query}`, { agent: false }, resolve).on('error', reject),
      );
      expect(res.statusCode).toBe(200);
      if (onFirstBytes) res.once('data', onFirstBytes);
      await pipeline(res, createWriteStream(file));
      execFileSync('unzip', ['-tq', file], { timeout: 30_000 });
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', timeout: 30_000 }).trim().split('\n');
      const dir = join(work, name);
      execFileSync('unzip', ['-q', '-d', dir, file], { timeout: 30_000 });
      return { names, dir, headers: res.headers, methods: methodsOf(file) };
    }

    /** Each entry's compression method as zipinfo names it (`stor`, `defN`, …), by file name. */
    function methodsOf(file: string): Map<string, string> {
      const listing = execFileSync('unzip', ['-Z', file], { encoding: 'utf8', timeout: 30_000 }).trim().split('\n');
      // One line per entry between the header and the summary; the method is the sixth field, the name the last.
      return new Map(
        listing.slice(2, -1).map((line) => {
          const fields = line.trim().split(/\s+/);
          return [fields.slice(8).join(' '), fields[5]] as const;
        }),
      );
    }

    /** The names the spec gives, from the items: NNNN-<slug>.<type> then .vcf, for each success; manifest.csv last. */
    function expectedNames(list: Item[], sent: Array<Record<string, string>>, type: string): string[] {
      const digits = String(list.length).length;
      const files = list.flatMap((item) => {
        if (item.status !== 'succeeded') return [];
        const stem = `${String(item.index + 1).padStart(digits, '0')}-${slug(sent[item.index].fullName)}`;
        return [`${stem}.${type}`, `${stem}.vcf`];
      });
      return [...files, 'manifest.csv'];
    }

    /** manifest.csv as rows of fields (no field of these batches needs quoting). */
    function manifest(dir: string): string[][] {
      const text = readFileSync(join(dir, 'manifest.csv'), 'utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      return text
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(','));
    }

    function expectCards(dir: string, names: string[], list: Item[]): void {
      for (const name of names.filter((n) => n.endsWith('.vcf'))) {
        const text = readFileSync(join(dir, name), 'utf8');
        const item = list[Number(name.split('-')[0]) - 1];
        expect(text).toBe(item.result!.vcard);
        const parsed = ICAL.parse(text) as unknown[];
        // One card: ical.js gives a single component (a jCal array whose first element is its name).
        expect(parsed[0]).toBe('vcard');
      }
    }

    const sent = contacts(1000);
    let jsonNames: string[] = [];
    let jsonDir = '';

    // Two pixels a module keep 1,000 images quick to decode; the default scale is read in the next tests.
    it('a 1,000-contact JSON batch: names in order, every PNG decodes to its qrPayload, every .vcf is its one card', async () => {
      const batch = await finished(await createBatch(JSON.stringify({ contacts: sent }), 'application/json'));
      const list = await items(batch);
      expect(list.filter((item) => item.status === 'failed').length).toBeGreaterThan(0);
      const { names, dir, headers, methods } = await download(batch, '?scale=2', 'json');
      expect(headers['content-type']).toBe('application/zip');
      // PNGs and the small .vcf files are stored (deflating either saves little and costs the most
      // CPU of the archive); the manifest is deflated.
      expect([...methods.keys()]).toEqual(names);
      for (const [entry, method] of methods)
        expect([entry, method]).toEqual([entry, entry === 'manifest.csv' ? 'defN' : 'stor']);
      expect(headers['content-disposition']).toBe(`attachment; filename="${batch.id}-codes.zip"`);
      expect(names).toEqual(expectedNames(list, sent, 'png'));
      expect(names).toContain('0002-contact.png');
      expect(names.some((name) => name.length === 5 + 40 + 4)).toBe(true);
      const pngs = names.filter((name) => name.endsWith('.png'));
      const images = readPngs(pngs.map((name) => readFileSync(join(dir, name))));
      for (const [i, name] of pngs.entries()) {
        const payload = list[Number(name.split('-')[0]) - 1].result!.qrPayload;
        expect((await zbarRead(images[i])).toString('utf8')).toBe(payload);
      }
      expectCards(dir, names, list);
      // One row per successful contact: the image drawn, its version and level, plain (not decoded).
      const rows = manifest(dir);
      expect(rows[0]).toEqual(['index', 'file', 'version', 'level', 'check', 'warnings']);
      expect(rows.slice(1).map(([index, file]) => [Number(index), file])).toEqual(
        pngs.map((name) => [Number(name.split('-')[0]) - 1, name]),
      );
      for (const [, , version, level, check] of rows.slice(1)) {
        expect([level, check]).toEqual(['M', 'plain']);
        expect(Number(version)).toBeGreaterThan(0);
      }
      jsonNames = names;
      jsonDir = dir;
    });

    it('the same contacts as CSV give the same ZIP contents', async () => {
      const batch = await finished(await createBatch(toCsv(sent), 'text/csv'));
      const { names, dir } = await download(batch, '?scale=2', 'csv');
      expect(names).toEqual(jsonNames);
      for (const name of names)
        expect(readFileSync(join(dir, name)).equals(readFileSync(join(jsonDir, name)))).toBe(true);
    });

    it('?type=svg with qrLevel, scale and margin: SVGs that resvg draws and zbar reads; PNGs at the default scale', async () => {
      const few = sent.slice(0, 30);
      const batch = await finished(await createBatch(JSON.stringify({ contacts: few }), 'application/json'));
      const list = await items(batch);
      const { names, dir, methods } = await download(batch, '?type=svg&qrLevel=H&scale=3&margin=2', 'svg');
      expect(names).toEqual(expectedNames(list, few, 'svg'));
      for (const [entry, method] of methods)
        expect([entry, method]).toEqual([entry, entry.endsWith('.vcf') ? 'stor' : 'defN']);
      for (const name of names.filter((n) => n.endsWith('.svg'))) {
        const image = readPng(rasteriseSvg(readFileSync(join(dir, name))));
        expect((await zbarRead(image, { border: 12 })).toString('utf8')).toBe(
          list[Number(name.split('-')[0]) - 1].result!.qrPayload,
        );
      }
      expectCards(dir, names, list);
      const png = await download(batch, '', 'png-default');
      expect(png.names).toEqual(expectedNames(list, few, 'png'));
      for (const name of png.names.filter((n) => n.endsWith('.png'))) {
        const image = readPng(readFileSync(join(png.dir, name)));
        expect((image.width / 8 - 2 * 4 - 17) % 4).toBe(0);
        expect((await zbarRead(image)).toString('utf8')).toBe(list[Number(name.split('-')[0]) - 1].result!.qrPayload);
      }
    });

    it('a card too large for qrLevel is drawn at the highest lower level that holds it', async () => {
      const batch = await finished(
        await createBatch(
          JSON.stringify({ contacts: [{ fullName: 'Long Note', note: 'n'.repeat(1500) }] }),
          'application/json',
        ),
      );
      const [item] = await items(batch);
      const { dir } = await download(batch, '?qrLevel=H&scale=2', 'fallback');
      const image = readPng(readFileSync(join(dir, '1-Long-Note.png')));
      expect((await zbarRead(image, { zoom: 2 })).toString('utf8')).toBe(item.result!.qrPayload);
    });

    // Read back by Debian's zbarimg, an independent reader the service does not use.
    describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')('styled archives', () => {
      it('PUT /v1/batches/{id}/style: codes.zip drawn in the style, each code read back by zbarimg, the manifest says passed', async () => {
        const few = sent.slice(0, 12);
        const batch = await finished(await createBatch(JSON.stringify({ contacts: few }), 'application/json'));
        const list = await items(batch);
        const put = (body: unknown, id = batch.id) =>
          fresh(`${baseUrl}/v1/batches/${id}/style`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const bad = await put({ colors: { dark: '#eeeeee' } });
        expect([bad.status, ((await bad.json()) as { error: { code: string } }).error.code]).toEqual([
          400,
          'invalid_style',
        ]);
        const unknownKey = await put({ colour: '#000' });
        expect(((await unknownKey.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
        const missing = await put({}, 'batch_01M88X049JX12ZGN1RR16QWRJJ');
        expect(missing.status).toBe(404);
        const set = await put({ colors: { dark: '#1a3a6b' }, modules: 'dots', logo: { image: ringLogo() } });
        expect(set.status).toBe(204);
        const { names, dir } = await download(batch, '?scale=4', 'styled');
        expect(names).toEqual(expectedNames(list, few, 'png'));
        const pngs = names.filter((name) => name.endsWith('.png'));
        const reads = await zbarimgReadAll(pngs.map((name) => readFileSync(join(dir, name))));
        reads.forEach((read, i) =>
          expect(read?.toString('utf8')).toBe(list[Number(pngs[i].split('-')[0]) - 1].result!.qrPayload),
        );
        const [header, ...rows] = manifest(dir);
        expect(header).toEqual(['index', 'file', 'version', 'level', 'check', 'warnings', 'proof']);
        expect(rows.map(([, file, , level, check]) => [file, level, check])).toEqual(
          pngs.map((name) => [name, 'H', 'passed']),
        );
        // The whole proof set on the first code and on the longest payload's; the others read back from their file.
        const bytes = rows.map(([index]) => Buffer.byteLength(list[Number(index)].result!.qrPayload, 'utf8'));
        const longest = bytes.indexOf(Math.max(...bytes));
        expect(rows.map((row) => row[6])).toEqual(rows.map((_, i) => (i === 0 || i === longest ? 'full' : '')));
        expect(longest).toBeGreaterThan(0);
        // An empty style draws the plain codes again.
        expect((await put({})).status).toBe(204);
        expect(manifest((await download(batch, '?scale=2', 'unstyled')).dir)[1][4]).toBe('plain');
      });

      it('a styled archive of 120 codes: drawn by the pool and the helpers on the cores it leaves, then closed', async () => {
        const many = sent.slice(0, 120);
        const style = { colors: { dark: '#1a3a6b' }, finders: 'rounded' };
        const batch = await finished(await createBatch(JSON.stringify({ contacts: many, style }), 'application/json'));
        const list = await items(batch);
        const renderer = app.get(CodeRenderer);
        let helpersWhileStreaming = -1;
        const { names, dir } = await download(batch, '?scale=3', 'helped', () => {
          helpersWhileStreaming = renderer.archiveHelpers;
        });
        expect(helpersWhileStreaming).toBe(Math.max(0, availableParallelism() - renderer.capacity.workers));
        expect(renderer.archiveHelpers).toBe(0);
        expect(names).toEqual(expectedNames(list, many, 'png'));
        const pngs = names.filter((name) => name.endsWith('.png'));
        const reads = await zbarimgReadAll(pngs.map((name) => readFileSync(join(dir, name))));
        reads.forEach((read, i) =>
          expect(read?.toString('utf8')).toBe(list[Number(pngs[i].split('-')[0]) - 1].result!.qrPayload),
        );
        expect(
          manifest(dir)
            .slice(1)
            .map(([, file, , , check]) => [file, check]),
        ).toEqual(pngs.map((name) => [name, 'passed']));
      });
    });

    it('a JSON batch created with a style: judged at creation, its codes.zip drawn in it', async () => {
      const few = sent.slice(0, 4);
      const refused = await fresh(`${baseUrl}/v1/batches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contacts: few, style: { modules: 'hexagons' } }),
      });
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_style');
      const style = { colors: { dark: '#1a3a6b' }, finders: 'rounded' };
      const batch = await finished(await createBatch(JSON.stringify({ contacts: few, style }), 'application/json'));
      const list = await items(batch);
      const { names, dir } = await download(batch, '?scale=4', 'created-styled');
      expect(names).toEqual(expectedNames(list, few, 'png'));
      expect(
        manifest(dir)
          .slice(1)
          .every(([, , , level, check]) => level === 'M' && check === 'passed'),
      ).toBe(true);
    });

    it('409 while the batch runs, 404 for an unknown batch, 400 for another type or a bad parameter', async () => {
      const running = await createBatch(JSON.stringify({ contacts: contacts(5000) }), 'application/json');
      const early = await fresh(`${baseUrl}/v1/batches/${running.id}/codes.zip`);
      expect(early.status).toBe(409);
      const style = await fresh(`${baseUrl}/v1/batches/${running.id}/style`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(style.status).toBe(409);
      expect(((await early.json()) as { error: { code: string } }).error.code).toBe('batch_not_finished');
      const unknown = await fresh(`${baseUrl}/api/v1/batches/batch_01M88X049JX12ZGN1RR16QWRJJ/codes.zip`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('batch_not_found');
      for (const [query, parameter] of [
        ['?type=gif', 'type'],
        ['?type=', 'type'],
        ['?type=png&type=svg', 'type'],
        ['?scale=0', 'scale'],
        ['?qrLevel=Z', 'qrLevel'],
      ]) {
        const bad = await fresh(`${baseUrl}/v1/batches/${running.id}/codes.zip${query}`);
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { error: { code: string; details: { parameter: string } } }).error).toMatchObject(
          {
            code: 'invalid_query',
            details: { parameter },
          },
        );
      }
      await finished(running);
    });

    it('a client that goes away mid-archive leaves the service answering', async () => {
      const batch = await finished(await createBatch(JSON.stringify({ contacts: sent }), 'application/json'));
      const controller = new AbortController();
      const res = await fresh(`${baseUrl}/v1/batches/${batch.id}/codes.zip`, { signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      await sleep(100);
      const after = await fresh(`${baseUrl}/v1/health`);
      expect(after.status).toBe(200);
    });
  },
);
