import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect } from 'node:net';
import { BatchJsonScanner } from '../../src/modules/batches/batch-json-body';
import { MAX_JSON_DEPTH } from '../../src/http/request-body';
import { listenTestApp } from '../utils/test-app';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const LIMIT = 3_000_000;

interface Answer {
  status: number;
  body: { error?: { code: string; details?: Record<string, unknown> }; id?: string };
}

/**
 * POST /v1/batches over a real socket, the body written in pieces of `pieceSize` bytes with a pause
 * after every `pauseEvery` pieces, so the service reads it in many chunks, as from a slow network.
 * `chunked` sends it without Content-Length; `stopAfter` bytes, the client stops sending and waits.
 */
function postInPieces(
  port: number,
  body: Buffer,
  { pieceSize = 1024, contentType = 'application/json', chunked = false, pauseEvery = 8, stopAfter = Infinity } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    // Writing on after the service has answered (a 413 before the whole body) fails: the answer counts.
    let failure: Error | null = null;
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      if (received.length === 0) return reject(failure ?? new Error('closed without an answer'));
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const head = text.slice(0, text.indexOf('\r\n\r\n'));
      let payload = text.slice(text.indexOf('\r\n\r\n') + 4);
      if (/transfer-encoding: chunked/i.test(head))
        payload = payload.replace(/^[0-9a-f]+\r\n/gim, '').replace(/\r\n$/gm, '');
      try {
        resolve({ status, body: JSON.parse(payload.trim()) as Answer['body'] });
      } catch {
        reject(new Error(`not JSON: ${text.slice(0, 300)}`));
      }
    });
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
    socket.write(
      `POST /v1/batches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n${length}\r\nConnection: close\r\n\r\n`,
    );
    // Stops writing once the service has answered or closed (a 413 comes before the whole body).
    const answered = (): boolean => socket.destroyed || received.length > 0;
    const send = (data: string | Buffer): void => void socket.write(data, () => undefined);
    void (async () => {
      const end = Math.min(body.length, stopAfter);
      for (let at = 0, n = 0; at < end && !answered(); at += pieceSize, n++) {
        const piece = body.subarray(at, Math.min(end, at + pieceSize));
        send(
          chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece,
        );
        if (n % pauseEvery === pauseEvery - 1) await sleep(1);
      }
      if (chunked && end === body.length && !answered()) send('0\r\n\r\n');
    })().catch((error: Error) => (failure = error));
  });
}

describe('a JSON batch body read as it arrives, in pieces', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let port: number;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp({
      BATCH_BODY_LIMIT_BYTES: String(LIMIT),
      PUBLIC_BASE_URL: 'http://127.0.0.1',
    }));
    port = Number(new URL(baseUrl).port);
  });
  afterAll(() => app.close());

  async function finished(id: string): Promise<{ status: string; progress: Record<string, number> }> {
    for (;;) {
      const batch = (await (await fetch(`${baseUrl}/v1/batches/${id}`)).json()) as {
        status: string;
        progress: Record<string, number>;
      };
      if (batch.status !== 'queued' && batch.status !== 'running') return batch;
      await sleep(20);
    }
  }

  it('10,000 contacts in 1 KB pieces, multi-byte characters cut between pieces: every contact read exactly as sent, each outcome what POST /v1/vcard answers', async () => {
    const contacts = Array.from({ length: 10_000 }, (_, i) => ({
      fullName: `Zoë Ångström-李小龍 😀 ${i}`,
      ...(i % 50 === 7 ? { email: `not-an-email-${i}` } : { email: `p${i}@example.com` }),
      note: 'Line "one"\nLine \\two\\ {[,]}',
    }));
    // Spacing a client may add, and a piece size that cuts UTF-8 sequences.
    const body = Buffer.from(
      `{ "contacts" :\n [ ${contacts.map((contact) => JSON.stringify(contact)).join(' ,\n  ')} ] }`,
    );
    const created = await postInPieces(port, body, { pieceSize: 1021 });
    expect(created.status).toBe(202);
    expect(await finished(created.body.id!)).toMatchObject({
      status: 'succeeded',
      progress: { total: 10_000, succeeded: 9800, failed: 200 },
    });
    for (const index of [0, 7, 4_321, 9_999]) {
      const page = (await (
        await fetch(
          `${baseUrl}/v1/batches/${created.body.id}/items?limit=1&cursor=${index === 0 ? '' : Buffer.from(`${index}.${created.body.id}`).toString('base64url')}`,
        )
      ).json()) as {
        data: Array<{ index: number; result?: unknown; error?: unknown }>;
      };
      const single = await fetch(`${baseUrl}/v1/vcard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(contacts[index]),
      });
      const answer = (await single.json()) as { error?: unknown };
      expect(page.data[0].index).toBe(index);
      if (single.status === 200) expect(page.data[0].result).toEqual(answer);
      else expect(page.data[0].error).toEqual(answer.error);
    }
  });

  it('POST /v1/batches and /api/v1/batches take the streamed path (the scanner cuts the contacts); other JSON routes do not', async () => {
    const finish = jest.spyOn(BatchJsonScanner.prototype, 'finish');
    try {
      for (const path of ['/v1/batches', '/api/v1/batches']) {
        const res = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"contacts":[{"fullName":"Ada"},{"fullName":"Bob"}]}',
        });
        expect(res.status).toBe(202);
      }
      expect(finish.mock.results.map((result) => result.value)).toEqual([
        ['{"fullName":"Ada"}', '{"fullName":"Bob"}'],
        ['{"fullName":"Ada"}', '{"fullName":"Bob"}'],
      ]);
      expect(
        (
          await fetch(`${baseUrl}/v1/vcard`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"fullName":"Ada"}',
          })
        ).status,
      ).toBe(200);
      expect(finish).toHaveBeenCalledTimes(2);
    } finally {
      finish.mockRestore();
    }
  });

  it('answers exactly as for a body read whole: a body of another shape, an invalid or too deep contact, bytes that are not UTF-8, another charset, the body limit', async () => {
    const deep = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const cases: Array<[string, Buffer | string, number, string | null, Record<string, unknown>?]> = [
      ['the plain shape', '{"contacts":[{"fullName":"Ada"}]}', 202, null],
      ['a leading byte order mark (fastify reads past it)', '\uFEFF{"contacts":[{"fullName":"Ada"}]}', 202, null],
      ['an unknown key after contacts', '{"contacts":[{"fullName":"Ada"}],"extra":1}', 400, 'invalid_request'],
      ['contacts not an array', '{"contacts":{"fullName":"Ada"}}', 400, 'invalid_request'],
      ['no contacts', '{"contacts":[]}', 400, 'invalid_request'],
      [
        'a contact with a prototype key (it fails alone)',
        '{"contacts":[{"fullName":"Ada","__proto__":{"x":1}}]}',
        202,
        null,
      ],
      ['a contact within the nesting bound', `{"contacts":[${deep(MAX_JSON_DEPTH - 2)}]}`, 202, null],
      [
        'a contact one level too deep',
        `{"contacts":[${deep(MAX_JSON_DEPTH - 1)}]}`,
        400,
        'invalid_json',
        { maxDepth: MAX_JSON_DEPTH },
      ],
      ['a missing comma', '{"contacts":[{"fullName":"Ada"} {"fullName":"Bob"}]}', 400, 'invalid_json'],
      ['a truncated body', '{"contacts":[{"fullName":"Ada"}', 400, 'invalid_json'],
      ['text after the body', '{"contacts":[{"fullName":"Ada"}]} {}', 400, 'invalid_json'],
      [
        'Latin-1 bytes in the last contact',
        Buffer.concat([
          Buffer.from(`{"contacts":[${'{"fullName":"Ada"},'.repeat(500)}{"fullName":"Zo`),
          Buffer.from([0xeb]),
          Buffer.from('"}]}'),
        ]),
        400,
        'invalid_encoding',
      ],
      [
        'a sequence cut at the end',
        Buffer.concat([Buffer.from('{"contacts":[{"fullName":"Ada"}]}'), Buffer.from([0xe2, 0x82])]),
        400,
        'invalid_encoding',
      ],
    ];
    for (const [name, body, status, code, details] of cases) {
      for (const pieceSize of [3, 4096]) {
        const answer = await postInPieces(port, Buffer.isBuffer(body) ? body : Buffer.from(body), {
          pieceSize,
          pauseEvery: 64,
        });
        expect({ name, pieceSize, status: answer.status, code: answer.body.error?.code ?? null }).toEqual({
          name,
          pieceSize,
          status,
          code,
        });
        if (details) expect(answer.body.error?.details).toMatchObject(details);
      }
    }
    const latin1 = await postInPieces(port, Buffer.from('{"contacts":[{"fullName":"Ada"}]}'), {
      contentType: 'application/json; charset=iso-8859-1',
    });
    expect([latin1.status, latin1.body.error?.code]).toEqual([415, 'unsupported_media_type']);
  });

  it('a body past BATCH_BODY_LIMIT_BYTES is a 413 as soon as it passes it, with or without Content-Length; the service is fine after', async () => {
    const over = Buffer.from(
      `{"contacts":[${'{"fullName":"Ada Lovelace"},'.repeat(Math.ceil(LIMIT / 27))}{"fullName":"Ada"}]}`,
    );
    expect(over.length).toBeGreaterThan(LIMIT);
    // The client then waits for the answer: a client still sending when the service closes may
    // lose the answer to a TCP reset (as with any HTTP server), which is not what this tests.
    for (const [chunked, stopAfter] of [
      [false, 0],
      [true, LIMIT + 1],
    ] as const) {
      const answer = await postInPieces(port, over, { pieceSize: 65_536, chunked, pauseEvery: 1, stopAfter });
      expect(answer.status).toBe(413);
      expect(answer.body.error).toMatchObject({ code: 'payload_too_large', details: { maxBytes: LIMIT } });
    }
    const chunkedFit = await postInPieces(port, Buffer.from('{"contacts":[{"fullName":"Ada"}]}'), {
      pieceSize: 5,
      chunked: true,
    });
    expect(chunkedFit.status).toBe(202);
    expect((await fetch(`${baseUrl}/v1/health`)).status).toBe(200);
  });
});
