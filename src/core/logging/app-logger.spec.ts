import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ConsoleLogger } from '@nestjs/common';
import { AppLogger, FlatRecord } from './app-logger';

/** Every chunk written to stdout while `write` runs. */
function captureStdout(write: () => void): string[] {
  const chunks: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    write();
  } finally {
    spy.mockRestore();
  }
  return chunks;
}

describe('AppLogger.logRecord', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each<[string, FlatRecord]>([
    ['a request line', { msg: 'request', requestId: 'req-1', method: 'GET', route: '/v1/templates/:id', status: 200, latencyMs: 1.25 }],
    ['awkward strings', { msg: 'a "quoted"\nline', route: '(unmatched)', emoji: '😀\u2028', empty: '', flag: true, none: null }],
  ])('writes the same line as ConsoleLogger in JSON mode: %s', (_name, record) => {
    jest.spyOn(Date, 'now').mockReturnValue(1_790_000_000_123);
    const nest = captureStdout(() => new ConsoleLogger({ json: true, colors: false }).log(record, 'http'));
    const direct = captureStdout(() => {
      new AppLogger('info').logRecord('http', record);
      AppLogger.flush();
    });
    expect(direct).toEqual(nest);
    expect(direct).toHaveLength(1);
  });

  it('writes the lines of one event-loop turn in one call, in order', async () => {
    const chunks: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    const logger = new AppLogger('info');
    for (let i = 0; i < 3; i++) logger.logRecord('http', { msg: 'request', n: i });
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    expect(chunks[0].split('\n').filter(Boolean).map((line) => JSON.parse(line).message.n)).toEqual([0, 1, 2]);
  });

  it('honours the level: nothing at warn or silent', () => {
    for (const level of ['warn', 'silent'] as const) {
      const lines = captureStdout(() => {
        new AppLogger(level).logRecord('http', { msg: 'request' });
        AppLogger.flush();
      });
      expect(lines).toEqual([]);
    }
  });
});
