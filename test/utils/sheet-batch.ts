import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PEOPLE } from '../fixtures/print/sheet-people';

/** A batch item as GET /v1/batches/{id}/items lists it. */
export interface SheetBatchItem {
  index: number;
  status: string;
  result?: { qrPayload: string };
}

/**
 * Six scripts, then: a dense card (a long note: fitted on every layout), a name no shipped font
 * draws (textless), an invalid contact (failed: no hole), and a name too long for label-5160's box.
 */
export const MIXED_SHEET_CONTACTS: Record<string, string>[] = [
  ...PEOPLE.map((person) => ({ fullName: person.name, title: person.title, organization: person.organization })),
  { fullName: 'Ada Lovelace', title: 'Analyst', phone: '+44 20 7946 0958', note: 'Engines. '.repeat(40) },
  { fullName: 'Ankh 𓋹 Scribe', organization: 'Thebes' },
  { fullName: 'Broken', email: 'not-an-email' },
  { fullName: `Maximilian ${'Alexander '.repeat(8)}`.trim(), organization: 'Long Names GmbH' },
];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates a batch of `body` (JSON or CSV), waits until it has finished, and lists its items. */
export async function finishedBatch(
  app: NestFastifyApplication,
  body: string,
  contentType = 'application/json',
): Promise<{ id: string; items: SheetBatchItem[] }> {
  const created = await app.inject({
    method: 'POST',
    url: '/v1/batches',
    headers: { 'content-type': contentType },
    payload: body,
  });
  const id = created.json<{ id: string }>().id;
  for (let i = 0; i < 500; i++) {
    const batch = (await app.inject({ url: `/v1/batches/${id}` })).json<{ status: string }>();
    if (batch.status === 'succeeded') break;
    await sleep(20);
  }
  const items = (await app.inject({ url: `/v1/batches/${id}/items?limit=100` })).json<{ data: SheetBatchItem[] }>();
  return { id, items: items.data };
}
