// What the record-*-answers scripts share: build the reference build's app, send each request,
// keep the status, the headers that matter and the body (images by digest), write the fixture.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const KEPT_HEADERS = ['content-type', 'content-disposition', 'content-length'];

/** Sends `requests` (`{url, headers, payload}`, all POST) to the build in `dist` and writes `fixture`. */
export async function recordAnswers(dist, requests, { fixture, seed, env = {} }) {
  const { createApp } = await import(join(resolve(dist), 'standalone', 'create-app.js'));
  const app = await createApp({
    env: { LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', PUBLIC_BASE_URL: 'http://localhost:3000', ...env },
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const records = [];
  for (const request of requests) {
    const res = await app.inject({ method: 'POST', ...request });
    const headers = Object.fromEntries(
      KEPT_HEADERS.filter((name) => res.headers[name] !== undefined).map((name) => [name, String(res.headers[name])]),
    );
    // Images by digest: as strict as their bytes, and the file stays small.
    const image = String(res.headers['content-type']).startsWith('image/');
    const answer = image
      ? { bodySha256: createHash('sha256').update(res.rawPayload).digest('hex') }
      : { body: res.payload };
    records.push({ request, status: res.statusCode, headers, ...answer });
  }
  await app.close();
  const out = resolve('test/fixtures/compat', fixture);
  writeFileSync(out, `${JSON.stringify({ recordedWith: dist, seed, records }, null, 0)}\n`);
  const statuses = records.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  console.log(`${records.length} answers written to ${out}:`, statuses);
}
