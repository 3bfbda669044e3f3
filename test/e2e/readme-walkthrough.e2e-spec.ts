import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MarkdownDocument } from '../utils/markdown-document';
import { ROOT } from '../utils/service-command';
import { SpawnedService } from '../utils/spawned-service';
import { describeWithProgram } from '../utils/system-program';

/** The variables the walk-through captures and hands from one block to the next. */
const CAPTURED = ['CURSOR', 'JOB_ID', 'BATCH_ID', 'ITEMS_CURSOR'] as const;
type Captured = Record<(typeof CAPTURED)[number], string>;

/**
 * The README's walk-through as one bash script: its `sh` blocks in order, as a newcomer pastes them
 * into one shell. Strict mode makes any failing command (a pipe stage included) end the script; the
 * trap names it. The captured variables are printed last, for the test to check against the service.
 */
function walkThroughScript(): string {
  const blocks = MarkdownDocument.read(join(ROOT, 'README.md')).section('Walk-through').fencedBlocks('sh');
  return [
    'set -euo pipefail',
    `trap 'echo "walk-through command failed: $BASH_COMMAND" >&2' ERR`,
    ...blocks,
    ...CAPTURED.map((name) => `printf '%s=%s\\n' ${name} "$${name}"`),
  ].join('\n');
}

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a script with bash in `cwd`, killed after `timeoutMs`; never throws on a non-zero exit. */
function runBash(script: string, cwd: string, env: Record<string, string>, timeoutMs: number): Promise<ScriptRun> {
  const path = join(cwd, 'walk-through.sh');
  writeFileSync(path, script);
  return new Promise((resolve) => {
    execFile('bash', ['--noprofile', '--norc', path], { cwd, env, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr: error?.killed ? `${stderr}\n(killed after ${timeoutMs} ms)` : stderr });
    });
  });
}

interface RequestLine {
  method: string;
  route: string;
  status: number;
}

describeWithProgram('curl', 'apt-get install -y curl')(
  "the README's walk-through, run as written against the built service",
  () => {
    let service: SpawnedService;
    let dir: string;
    let run: ScriptRun;
    let captured: Captured;
    let requests: RequestLine[];

    beforeAll(async () => {
      // The production command with its defaults (rate limit included); info logs every request.
      service = await SpawnedService.start({ LOG_LEVEL: 'info' });
      dir = mkdtempSync(join(tmpdir(), 'readme-walk-through-'));
      run = await runBash(
        walkThroughScript(),
        dir,
        // HOME in the temporary directory: no personal .curlrc or shell start-up file takes part.
        { PATH: process.env.PATH ?? '', HOME: dir, BASE: service.baseUrl },
        60_000,
      );
      captured = Object.fromEntries(
        [...run.stdout.matchAll(/^([A-Z_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
      ) as Captured;
      // Request lines are written in batches every 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 300));
      requests = service.logLines
        .filter((line) => line.context === 'http')
        .map((line) => line.message as RequestLine & { msg: string })
        .filter((message) => message.msg === 'request');
    }, 180_000);

    afterAll(() => {
      service?.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('every command exits 0', () => {
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    });

    it('every request but the one deliberate error succeeds', () => {
      expect(requests.length).toBeGreaterThanOrEqual(15);
      const failed = requests.filter((request) => request.status >= 400);
      expect(failed).toEqual([expect.objectContaining({ method: 'POST', route: '/v1/vcard', status: 400 })]);
    });

    it('captures a template cursor the service accepts', async () => {
      expect(captured.CURSOR).toMatch(/^[A-Za-z0-9_-]+$/);
      const page = await fetch(`${service.baseUrl}/v1/templates?limit=2&cursor=${captured.CURSOR}`);
      expect(page.status).toBe(200);
      expect(((await page.json()) as { data: Array<{ id: string }> }).data.map((t) => t.id)).toEqual([
        'sales-contact',
        'event-badge',
      ]);
    });

    it('captures the id of a real, finished job', async () => {
      expect(captured.JOB_ID).toMatch(/^job_[0-9A-HJKMNP-TV-Z]{26}$/);
      const job = (await (await fetch(`${service.baseUrl}/v1/jobs/${captured.JOB_ID}`)).json()) as {
        id: string;
        status: string;
        result: { qrPayload: string };
      };
      expect(job).toMatchObject({ id: captured.JOB_ID, status: 'succeeded' });
      expect(job.result.qrPayload).toContain('\r\nFN:Ada Lovelace\r\n');
    });

    it('captures the id of a real batch, finished with one contact failed, and pages its items', async () => {
      expect(captured.BATCH_ID).toMatch(/^batch_[0-9A-HJKMNP-TV-Z]{26}$/);
      const batch = (await (await fetch(`${service.baseUrl}/v1/batches/${captured.BATCH_ID}`)).json()) as {
        status: string;
        progress: Record<string, number>;
      };
      expect(batch).toMatchObject({
        status: 'succeeded',
        progress: { total: 3, processed: 3, succeeded: 2, failed: 1 },
      });
      const rest = (await (
        await fetch(`${service.baseUrl}/v1/batches/${captured.BATCH_ID}/items?limit=2&cursor=${captured.ITEMS_CURSOR}`)
      ).json()) as { data: Array<{ index: number; status: string }>; pagination: { has_more: boolean } };
      expect(rest.data).toEqual([expect.objectContaining({ index: 2, status: 'failed' })]);
      expect(rest.pagination.has_more).toBe(false);
    });

    it('writes the files it says it downloads: a card, a PNG, the batch cards and the ZIP', () => {
      expect(readFileSync(join(dir, 'ada-lovelace.vcf'), 'utf8')).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
      expect(readFileSync(join(dir, 'ada-lovelace.png')).subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      expect(readFileSync(join(dir, 'people.vcf'), 'utf8').match(/^BEGIN:VCARD\r$/gm)).toHaveLength(2);
      expect(readFileSync(join(dir, 'people-codes.zip')).subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    });
  },
);
