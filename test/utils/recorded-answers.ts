import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp } from './test-app';

/** One request of a recorded corpus and what the reference build answered (scripts/record-*-answers.mjs). */
export interface RecordedAnswer {
  request: { url: string; headers: Record<string, string>; payload: string };
  status: number;
  headers: Record<string, string>;
  body?: string;
  bodySha256?: string;
}

/** The records of test/fixtures/compat/<file>. */
export function recordedAnswers(file: string): RecordedAnswer[] {
  const path = join(__dirname, '../fixtures/compat', file);
  return (JSON.parse(readFileSync(path, 'utf8')) as { records: RecordedAnswer[] }).records;
}

/**
 * Sends every recorded request to the production app and expects the recorded status, headers and
 * bytes (images by their digest). `covers` checks the corpus itself reaches what it must.
 */
export function describeRecordedAnswers(title: string, records: RecordedAnswer[], covers: () => void): void {
  describe(title, () => {
    let app: NestFastifyApplication;

    beforeAll(async () => {
      app = await buildTestApp();
      await app.getHttpAdapter().getInstance().ready();
    });

    afterAll(() => app.close());

    it('covers what it must', covers);

    it.each(records.map((record, i) => [i, record] as const))('request %i', async (_i, record) => {
      const res = await app.inject({ method: 'POST', ...record.request });
      expect(res.statusCode).toBe(record.status);
      for (const [name, value] of Object.entries(record.headers))
        expect(`${name}: ${String(res.headers[name])}`).toBe(`${name}: ${value}`);
      if (record.bodySha256 !== undefined)
        expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(record.bodySha256);
      else expect(res.payload).toBe(record.body);
    });
  });
}
