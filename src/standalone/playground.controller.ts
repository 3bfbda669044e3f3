import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotRateLimited } from '../http/edge-policy';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiError } from '../core/errors/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NFC_TAG_CAPACITY } from '../lib/nfc/nfc-tag';

/**
 * Where scripts/build-playground.mjs writes the page and its assets: dist/playground, reached the
 * same way from dist/standalone (npm start, the image, an installed package) and from
 * src/standalone (the tests, after `npm run build`).
 */
export const PLAYGROUND_DIR = resolve(__dirname, '..', '..', 'dist', 'playground');

/**
 * Nothing from another origin, no inline script or style: the page may only load its own files
 * and call its own API. Blob URLs are for the downloads, data: for the empty favicon.
 */
export const PLAYGROUND_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSET_TYPES: Readonly<Record<string, string>> = {
  'playground.js': 'text/javascript; charset=utf-8',
  'playground.css': 'text/css; charset=utf-8',
  'panels.css': 'text/css; charset=utf-8',
  // The styled-code renderer (scripts/build-styled-drawing.mjs) and its caption outlines, which the
  // page loads only when its style panel is opened and a caption typed.
  'styled-drawing.js': 'text/javascript; charset=utf-8',
  'caption-glyphs.json': 'application/json',
};

interface Asset {
  type: string;
  body: Buffer;
}

/** Where index.html takes the vCard body limit, so the page bounds an upload before sending it. */
const VCARD_LIMIT_SLOT = '{{vcardBodyLimit}}';
const NFC_CAPACITIES_SLOT = '{{nfcTagCapacities}}';
/** Where index.html takes the scan body limit, so the page bounds an image before sending it. */
const SCAN_LIMIT_SLOT = '{{scanBodyLimit}}';

function load(file: string, type: string): Asset {
  try {
    return { type, body: readFileSync(join(PLAYGROUND_DIR, file)) };
  } catch {
    throw new Error(
      `The playground's ${file} is missing from ${PLAYGROUND_DIR}: run \`npm run build\`, or set PLAYGROUND=false`,
    );
  }
}

/**
 * GET / : the playground page, a browser client of the public API (PLAYGROUND=false leaves it
 * out). Its three files are read once at start-up and served from memory under a strict
 * Content-Security-Policy; they are not part of the API, so they are not in the OpenAPI document
 * and do not count against the rate limit.
 */
@ApiExcludeController()
@NotRateLimited()
@Controller()
export class PlaygroundController {
  private readonly page: Asset;
  private readonly assets = new Map(Object.entries(ASSET_TYPES).map(([file, type]) => [file, load(file, type)]));

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const page = load('index.html', 'text/html; charset=utf-8');
    const html = page.body
      .toString('utf8')
      .replace(VCARD_LIMIT_SLOT, String(config.bodyLimits.vcard))
      .replace(SCAN_LIMIT_SLOT, String(config.bodyLimits.scan))
      // An HTML attribute value in double quotes: the JSON's quotes are written as &quot;.
      .replace(NFC_CAPACITIES_SLOT, JSON.stringify(NFC_TAG_CAPACITY).replaceAll('"', '&quot;'));
    this.page = { type: page.type, body: Buffer.from(html, 'utf8') };
  }

  @Get()
  @Header('Cache-Control', 'no-cache')
  index(@Res() reply: FastifyReply): void {
    this.send(reply, this.page);
  }

  @Get('playground/:file')
  @Header('Cache-Control', 'no-cache')
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    const asset = this.assets.get(file);
    if (!asset) throw new ApiError('not_found');
    this.send(reply, asset);
  }

  private send(reply: FastifyReply, asset: Asset): void {
    void reply
      .header('Content-Type', asset.type)
      .header('Content-Security-Policy', PLAYGROUND_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .send(asset.body);
  }
}
