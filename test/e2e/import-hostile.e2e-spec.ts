import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConsoleLogger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/standalone/create-app';
import { TEST_ENV } from '../utils/test-app';

// Hostile vCard bodies over the real app, logging at debug: each answer is a 4xx in the Error
// shape or a 2xx, never a 5xx or a hang, and no log line holds a value of the card.

/** The production JSON logger, its output captured. */
class CapturingLogger extends ConsoleLogger {
  readonly lines: string[] = [];
  constructor() {
    super({ json: true, colors: false });
  }
  protected override printMessages(...args: Parameters<ConsoleLogger['printMessages']>): void {
    const [messages, context, logLevel] = args;
    for (const message of messages) this.lines.push(JSON.stringify({ level: logLevel, context, message }));
  }
}

const SECRET = 'Quintessa Marlowe-Fitzgerald';
const card = (...lines: string[]): string => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
const MiB = 1024 * 1024;

// Every row has five entries: jest passes a `done` callback to a test with more parameters than its row.
const HOSTILE: Array<[string, string, () => Buffer | string, number, string | undefined]> = [
  ['a 1.5 MiB line', '/v1/vcard', () => card(`FN:${SECRET}`, `NOTE:${'x'.repeat(1.5 * MiB)}`), 400, 'line_too_long'],
  [
    'endless folding',
    '/v1/vcard',
    () => card(`FN:${SECRET}`, `NOTE:a${`\r\n ${'b'.repeat(70)}`.repeat(16_000)}`),
    400,
    'line_too_long',
  ],
  ['an unclosed card', '/v1/vcard', () => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${SECRET}\r\n`, 400, 'no_end'],
  [
    'Latin-1 bytes in a 3.0 card',
    '/v1/vcard',
    () => Buffer.from(card(`FN:${SECRET} \xe9`), 'latin1'),
    400,
    'invalid_encoding',
  ],
  [
    'a lone UTF-16 surrogate',
    '/v1/vcard',
    () =>
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(card(`FN:${SECRET}`), 'utf16le'),
        Buffer.from([0x00, 0xd8]),
      ]),
    200,
    undefined,
  ],
  [
    'bad Shift_JIS bytes',
    '/v1/vcard',
    () =>
      Buffer.concat([
        Buffer.from(card(`FN:${SECRET}`, 'NOTE;CHARSET=SHIFT_JIS:')).subarray(0, -13),
        Buffer.from([0x81, 0xff, 0x0d, 0x0a]),
        Buffer.from('END:VCARD\r\n'),
      ]),
    200,
    undefined,
  ],
  [
    'a 1 MB inline photo',
    '/v1/vcard',
    () =>
      card(
        `FN:${SECRET}`,
        `PHOTO;ENCODING=b;TYPE=JPEG:${Buffer.alloc(MiB - 64 * 1024, 7)
          .toString('base64')
          .replace(/.{74}/g, '$&\r\n ')}`,
      ),
    200,
    undefined,
  ],
  ['a body over the limit', '/v1/vcard', () => card(`FN:${SECRET}`, `NOTE:${'y'.repeat(2.5 * MiB)}`), 413, undefined],
  [
    'an export of nothing but a photo',
    '/v1/batches',
    () => card(`PHOTO;ENCODING=b:${'QUFB'.repeat(4 * MiB)}`),
    202,
    undefined,
  ],
  ['ten thousand BEGINs', '/v1/jobs/vcard', () => 'BEGIN:VCARD\r\n'.repeat(10_000), 400, undefined],
];

describe('hostile vCard bodies', () => {
  let app: NestFastifyApplication;
  const logger = new CapturingLogger();
  beforeAll(async () => {
    app = await createApp({ env: { ...TEST_ENV, LOG_LEVEL: 'debug' }, logger });
  });
  afterAll(() => app.close());

  it.each(HOSTILE)(
    '%s: a 4xx in the Error shape or a 2xx, never a value in the logs',
    async (_name, url, body, status, issue) => {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'text/vcard' }, payload: body() });
      expect(res.statusCode).toBe(status);
      if (status >= 400) {
        const { error } = res.json() as {
          error: { code: string; status: number; message: string; details?: { issue?: string } };
        };
        expect(error.status).toBe(status);
        if (issue !== undefined) expect(error).toMatchObject({ code: 'invalid_vcard', details: { issue } });
        expect(res.body).not.toContain('Quintessa');
      }
      for (const line of logger.lines) expect(line).not.toContain('Quintessa');
    },
  );

  it('logged at debug at all (the capture works)', () => {
    expect(logger.lines.length).toBeGreaterThan(0);
  });
});
