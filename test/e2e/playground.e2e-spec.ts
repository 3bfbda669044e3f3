import { NFC_TAG_CAPACITY } from '../../src/lib/nfc/nfc-tag';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PLAYGROUND_CSP, PLAYGROUND_DIR } from '../../src/standalone/playground.controller';
import { buildTestApp } from '../utils/test-app';

// The playground page and its assets over HTTP (no browser needed: test/browser has the Chromium
// suite). What it may load, how it is served, that it costs no rate budget, and PLAYGROUND=false.

describe('playground: GET / and its assets', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => app.close());

  it('serves the page with a strict CSP: its own scripts and styles only, no inline code, no other origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(PLAYGROUND_CSP);
    expect(PLAYGROUND_CSP).toContain("default-src 'none'");
    expect(PLAYGROUND_CSP).toContain("script-src 'self'");
    expect(PLAYGROUND_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const html = res.body;
    // Every referenced resource is relative (same origin), none inline.
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) expect(url).not.toMatch(/^(https?:)?\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle="|\son[a-z]+="/i);
    for (const label of ['Full name', 'Organization', 'Title', 'Phone', 'Email', 'Website', 'Address', 'Note']) {
      expect(html).toContain(`>${label}</label>`);
    }
  });

  it('serves its script and stylesheet with their types, under the 100 KB script budget', async () => {
    const script = await app.inject({ method: 'GET', url: '/playground/playground.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.rawPayload.length).toBeLessThan(100 * 1024);
    expect(script.rawPayload.length).toBe(statSync(join(PLAYGROUND_DIR, 'playground.js')).size);
    const style = await app.inject({ method: 'GET', url: '/playground/playground.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it("serves the styled-code renderer and its caption outlines, which the style panel loads, and the panels' stylesheet", async () => {
    for (const [file, type] of [
      ['styled-drawing.js', 'text/javascript; charset=utf-8'],
      ['caption-glyphs.json', 'application/json'],
      ['panels.css', 'text/css; charset=utf-8'],
    ]) {
      const res = await app.inject({ method: 'GET', url: `/playground/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-security-policy']).toBe(PLAYGROUND_CSP);
      expect(res.rawPayload.length).toBe(statSync(join(PLAYGROUND_DIR, file)).size);
    }
  });

  it("writes the service's vCard body limit into the page, so an import is bounded before it is sent", async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<body data-vcard-body-limit="2097152" data-nfc-tag-capacities="');
    // And the scan limit, so an image is bounded before it is sent.
    expect(html).toContain('data-scan-body-limit="10485760"');
    const small = await buildTestApp({ VCARD_BODY_LIMIT_BYTES: '4096' });
    try {
      expect((await small.inject({ method: 'GET', url: '/' })).body).toContain('data-vcard-body-limit="4096"');
    } finally {
      await small.close();
    }
  });

  it('writes the NFC tags the service knows into the page, so its advice on a larger tag cannot drift', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    const attribute = /data-nfc-tag-capacities="([^"]*)"/.exec(html)?.[1];
    expect(JSON.parse(String(attribute).replaceAll('&quot;', '"'))).toEqual({ ...NFC_TAG_CAPACITY });
  });

  it('answers an unknown asset with the Error shape (no file system access by name)', async () => {
    for (const url of [
      '/playground/index.html',
      '/playground/..%2Fmain.js',
      '/playground/%2e%2e%2fpackage.json',
      '/playground/nope.js',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('costs no rate budget: loading the page many times leaves the API budget whole', async () => {
    for (let i = 0; i < 10; i++) {
      for (const url of ['/', '/playground/playground.js', '/playground/playground.css']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
    }
    const api = await app.inject({ method: 'GET', url: '/v1/templates' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['ratelimit-limit']).toBe('3');
    expect(api.headers['ratelimit-remaining']).toBe('2');
  });

  it('is not an API route: absent from the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/');
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/playground'))).toBe(false);
  });
});

describe('PLAYGROUND=false', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await buildTestApp({ PLAYGROUND: 'false' });
  });
  afterAll(() => app.close());

  it('GET / and the assets are 404 in the Error shape; the API is unchanged', async () => {
    for (const url of ['/', '/playground/playground.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const api = await app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName":"Ada"}',
    });
    expect(api.statusCode).toBe(200);
  });
});
