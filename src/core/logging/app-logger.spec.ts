import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ConsoleLogger } from '@nestjs/common';
import { AppLogger, FlatRecord, LOG_FLUSH_DELAY_MS, recordText, resolveLogFormat } from './app-logger';

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
    [
      'a request line',
      { msg: 'request', requestId: 'req-1', method: 'GET', route: '/v1/templates/:id', status: 200, latencyMs: 1.25 },
    ],
    [
      'awkward strings',
      { msg: 'a "quoted"\nline', route: '(unmatched)', emoji: '😀\u2028', empty: '', flag: true, none: null },
    ],
  ])('writes the same line as its own log() in JSON mode: %s', (_name, record) => {
    jest.spyOn(Date, 'now').mockReturnValue(1_790_000_000_123);
    const logger = new AppLogger('info');
    const viaNest = captureStdout(() => logger.log(record, 'http'));
    const direct = captureStdout(() => {
      logger.logRecord('http', record);
      AppLogger.flush();
    });
    expect(direct).toEqual(viaNest);
    expect(direct).toHaveLength(1);
    // Nest's own JSON line, with the level renamed.
    const nest = JSON.parse(
      captureStdout(() => new ConsoleLogger({ json: true, colors: false }).log(record, 'http'))[0],
    );
    expect(JSON.parse(direct[0])).toEqual({ ...nest, level: 'info' });
  });

  it('names the levels as log shippers do', () => {
    const logger = new AppLogger('debug');
    // Errors go to stderr: read both streams, in the order written.
    const errors = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => process.stdout.write(chunk));
    const lines = captureStdout(() => {
      logger.log('a');
      logger.warn('b');
      logger.error('c');
      logger.debug('d');
      logger.verbose('e');
      logger.fatal('f');
    })
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: string });
    expect(lines.map((line) => line.level)).toEqual(['info', 'warn', 'error', 'debug', 'trace', 'fatal']);
    errors.mockRestore();
  });

  it("writes Nest's start-up lines at debug, and nothing of them at info", () => {
    const startup = (logger: AppLogger): Array<{ level: string; context: string }> =>
      captureStdout(() => {
        logger.log('Mapped {/v1/vcard, POST} route', 'RouterExplorer');
        logger.log('VCardModule dependencies initialized', 'InstanceLoader');
        logger.log('metrics listening', 'Metrics');
      }).map((line) => JSON.parse(line) as { level: string; context: string });
    expect(startup(new AppLogger('info'))).toEqual([expect.objectContaining({ level: 'info', context: 'Metrics' })]);
    expect(startup(new AppLogger('debug')).map((line) => [line.level, line.context])).toEqual([
      ['debug', 'RouterExplorer'],
      ['debug', 'InstanceLoader'],
      ['info', 'Metrics'],
    ]);
  });

  it('holds lines for up to LOG_FLUSH_DELAY_MS, then writes them in one call, in order', async () => {
    const chunks: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    const logger = new AppLogger('info');
    for (let i = 0; i < 3; i++) logger.logRecord('http', { msg: 'request', n: i });
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_DELAY_MS + 20));
    expect(chunks).toHaveLength(1);
    expect(
      chunks[0]
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).message.n),
    ).toEqual([0, 1, 2]);
  });

  it('writes at once when 16 KiB are pending, without waiting for the timer', () => {
    const chunks: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    const logger = new AppLogger('info');
    const filler = 'x'.repeat(1000);
    let added = 0;
    while (chunks.length === 0 && added < 100) logger.logRecord('http', { msg: 'request', n: added++, filler });
    // About 1,100 characters a line: the 15th crosses 16 KiB and is written with the 14 before it.
    expect(added).toBe(15);
    expect(chunks[0].length).toBeGreaterThanOrEqual(16 * 1024);
    expect(
      chunks[0]
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).message.n),
    ).toEqual([...Array(15).keys()]);
    AppLogger.flush();
    expect(chunks).toHaveLength(1);
  });

  it('writes pending request lines before any other message, so stdout keeps their order', () => {
    const chunks = captureStdout(() => {
      const logger = new AppLogger('info');
      logger.logRecord('http', { msg: 'request', n: 1 });
      logger.log('something else', 'App');
    });
    const lines = chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.message)).toEqual([{ msg: 'request', n: 1 }, 'something else']);
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

describe('the log format', () => {
  it('auto is pretty on a terminal and JSON elsewhere; json and pretty are as named', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('pretty: a record is one human line, its msg then key=value, in Nest’s own line format', () => {
    expect(recordText({ msg: 'listening', url: 'http://0.0.0.0:3000', note: 'two words', n: 2, none: null })).toBe(
      'listening url=http://0.0.0.0:3000 note="two words" n=2 none=null',
    );
    const logger = new AppLogger('info', 'pretty');
    const lines = captureStdout(() => {
      logger.logRecord('http', { msg: 'request', method: 'GET', status: 200 });
      logger.log({ msg: 'stopped', signal: 'SIGINT' }, 'Shutdown');
      logger.log('Listening on http://127.0.0.1:3000', 'Startup');
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[Nest\] \d+ {2}- .* LOG \[http\] request method=GET status=200\n$/);
    expect(lines[1]).toMatch(/ LOG \[Shutdown\] stopped signal=SIGINT\n$/);
    expect(lines[2]).toMatch(/ LOG \[Startup\] Listening on http:\/\/127\.0\.0\.1:3000\n$/);
    expect(lines.join('')).not.toContain('{');
  });
});
