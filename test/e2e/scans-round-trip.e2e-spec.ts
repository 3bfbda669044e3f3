import { describe, expect, it } from '@jest/globals';
import { recordedAnswers, type RecordedAnswer } from '../utils/recorded-answers';
import { useTestApp } from '../utils/test-app';

// The round trip over the recorded card corpora: the contact of a recorded card, drawn by POST
// /v1/qrcodes and read back by POST /v1/scans, is the code's exact text, and its import is the one
// POST /v1/vcard gives for that text as a text/vcard body. A sample of each corpus, spread over it
// (QR_MATRIX=full, which CI asks for once, takes twice as many).

const PER_CORPUS = process.env.QR_MATRIX === 'full' ? 10 : 5;
/** The query parameters POST /v1/qrcodes shares with POST /v1/vcard. */
const SHARED_QUERY = new Set(['template', 'format', 'qrVersion', 'qrLevel', 'scale', 'margin']);

interface Code {
  text: string;
  content: string;
  readBy: string[];
  import?: unknown;
  importError?: unknown;
}

/** The corpus's JSON contacts that gave a card, `count` of them spread evenly over it. */
function sampled(file: string, count: number): Array<{ query: string; contact: unknown }> {
  const cards = recordedAnswers(file).filter(
    (record: RecordedAnswer) =>
      record.status === 200 &&
      /^\/(api\/)?v1\/vcard(\?|$)/.test(record.request.url) &&
      (record.request.headers['content-type'] ?? '').startsWith('application/json') &&
      (record.headers['content-type'] ?? '').startsWith('application/json'),
  );
  const step = Math.max(1, Math.floor(cards.length / count));
  return cards
    .filter((_, index) => index % step === 0)
    .slice(0, count)
    .map((record) => {
      const query = new URLSearchParams(record.request.url.split('?')[1] ?? '');
      for (const name of [...query.keys()]) if (!SHARED_QUERY.has(name)) query.delete(name);
      return { query: query.size > 0 ? `?${query}` : '', contact: JSON.parse(record.request.payload) as unknown };
    });
}

describe.each(['flat-answers.json', 'rich-answers.json'])('POST /v1/qrcodes → POST /v1/scans, %s', (file) => {
  const suite = useTestApp();
  const cases = sampled(file, PER_CORPUS);

  it('samples the corpus', () => expect(cases.length).toBe(PER_CORPUS));

  it.each(cases.map((entry, index) => [index, entry] as const))('card %i', async (_index, { query, contact }) => {
    const drawn = await suite.app.inject({
      method: 'POST',
      url: `/v1/qrcodes${query}`,
      headers: { accept: 'application/json' },
      payload: { contact },
    });
    expect(drawn.statusCode).toBe(200);
    const { qrPayload, image } = drawn.json<{ qrPayload: string; image: { data: string } }>();
    const scanned = await suite.app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from(image.data, 'base64'),
    });
    expect(scanned.statusCode).toBe(200);
    const codes = scanned.json<{ codes: Code[] }>().codes;
    expect(codes.map((code) => ({ text: code.text, readBy: code.readBy }))).toEqual([
      { text: qrPayload, readBy: ['zbar', 'zxing'] },
    ]);
    const [code] = codes;
    expect(code.importError).toBeUndefined();
    if (code.content !== 'vcard') return;
    const imported = await suite.app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: { 'content-type': 'text/vcard' },
      payload: qrPayload,
    });
    expect(code.import).toEqual(imported.json<{ import: unknown }>().import);
  });
});
