import { describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { HttpRequestLike } from '../../http/native-http';
import { webRequest, writeAnswer } from './mcp-web-exchange';

/** A Node response that keeps what is written to it. */
function recordingResponse(): ServerResponse & { written: () => string; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  const headers: Record<string, string> = {};
  const response = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return Object.assign(response, {
    statusCode: 200,
    headers,
    setHeader: (name: string, value: string) => (headers[name] = value),
    written: () => Buffer.concat(chunks).toString('utf8'),
  }) as unknown as ServerResponse & { written: () => string; headers: Record<string, string> };
}

describe('webRequest', () => {
  it("carries the host request's method, original URL and headers, not its body's framing", () => {
    const host: HttpRequestLike = {
      method: 'POST',
      url: '/mcp',
      originalUrl: '/api/mcp',
      headers: {
        'content-type': 'application/json',
        'content-length': '42',
        connection: 'keep-alive',
        'mcp-method': 'tools/list',
        accept: ['application/json', 'text/event-stream'] as unknown as string,
      },
    };
    const request = webRequest(host, new AbortController().signal);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/mcp');
    expect(request.headers.get('mcp-method')).toBe('tools/list');
    expect(request.headers.get('accept')).toBe('application/json, text/event-stream');
    expect(request.headers.has('content-length')).toBe(false);
    expect(request.headers.has('connection')).toBe(false);
    expect(request.body).toBeNull();
  });

  it('is aborted when the client goes away', () => {
    const client = new AbortController();
    const request = webRequest({ method: 'POST', url: '/mcp', headers: {} }, client.signal);
    client.abort();
    expect(request.signal.aborted).toBe(true);
  });
});

describe('writeAnswer', () => {
  it('writes a JSON answer with its status and headers', async () => {
    const response = recordingResponse();
    await writeAnswer(Response.json({ jsonrpc: '2.0', id: 1, result: {} }, { status: 400 }), response);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.written())).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('streams an event stream as it comes', async () => {
    const response = recordingResponse();
    const events = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: message\ndata: {"a":1}\n\n'));
        controller.enqueue(new TextEncoder().encode('event: message\ndata: {"b":2}\n\n'));
        controller.close();
      },
    });
    await writeAnswer(new Response(events, { headers: { 'content-type': 'text/event-stream' } }), response);
    expect(response.written()).toBe('event: message\ndata: {"a":1}\n\nevent: message\ndata: {"b":2}\n\n');
  });

  it('ends a bodiless answer (a notification is 202)', async () => {
    const response = recordingResponse();
    await writeAnswer(new Response(null, { status: 202 }), response);
    expect(response.statusCode).toBe(202);
    expect(response.written()).toBe('');
  });
});
