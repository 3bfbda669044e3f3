import { expect } from '@jest/globals';
import { describeRecordedAnswers, recordedAnswers } from '../utils/recorded-answers';

// The reshaping of the contact's declaration and of the writers must not change a byte of what a
// rich card request gets. The fixture holds 300 requests generated with a fixed seed from the rich
// contact arbitrary (every field, one in six breaking a rule), every format, QR budgets and levels,
// templates, JSON, .vcf (3.0 and 4.0), PNG and SVG answers, and the /api alias, with what the build
// 4f9a295 answered. Re-record with scripts/record-rich-answers.mjs only for an intended change.
const records = recordedAnswers('rich-answers.json');

describeRecordedAnswers('rich requests answer exactly what the recorded build answered', records, () => {
  const codes = new Set(
    records.filter((record) => record.status !== 200).map((record) => JSON.parse(record.body!).error.code as string),
  );
  expect(codes).toEqual(
    new Set(['invalid_request', 'invalid_query', 'qr_budget_exceeded', 'template_requirements_not_met']),
  );
  const types = new Set(
    records.filter((record) => record.status === 200).map((record) => record.headers['content-type']),
  );
  expect(types).toEqual(
    new Set(['application/json; charset=utf-8', 'text/vcard; charset=utf-8', 'image/png', 'image/svg+xml']),
  );
  const urls = records.map((record) => record.request.url).join(' ');
  for (const part of ['format=vcard4', 'format=mecard', 'qrVersion=', 'qrLevel=H', '/api/v1/vcard'])
    expect(urls).toContain(part);
});
