// The Nest floor: the least a Nest app on this stack can do for POST /v1/vcard. Nest 12 on the same
// @nestjs/platform-fastify adapter, one controller, the body handed to the service's compiled
// encoder with no validation at all, and the reply the yardstick sends; no CORS, rate limit,
// request id or request log. Its ratio to the yardstick is the framework's own price on this
// machine, before any of the contract's work: what is left of the 0.85 target for validation and
// the cross-cutting features. Not a way to run the service: it accepts any body.
//
// Env: BENCH_DIST (compiled service, default dist), PORT, HOST (127.0.0.1).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { Body, Controller, Get, HttpCode, Module, Post } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');

const dist = resolve(process.env.BENCH_DIST ?? 'dist');
const vcard = require(`${dist}/lib/vcard/index.js`);
const { PRIVACY_NOTE } = require(`${dist}/modules/vcard/privacy-note.js`);

const PORT = Number(process.env.PORT ?? 3300);
const HOST = process.env.HOST ?? '127.0.0.1';
const BASE_URL = `http://localhost:${PORT}`;

class FloorController {
  health() {
    return { ok: true };
  }

  create(body) {
    const { vcard: text, qrPayload, qr } = vcard.encodeVCard(body);
    return { vcard: text, qrPayload, generatorUrl: `${BASE_URL}/`, privacyNote: PRIVACY_NOTE, qr };
  }
}

// Plain JavaScript has no decorator syntax: apply them as TypeScript's emit does.
const method = (name, ...decorators) => {
  const descriptor = Object.getOwnPropertyDescriptor(FloorController.prototype, name);
  for (const decorate of decorators) decorate(FloorController.prototype, name, descriptor);
};
method('health', Get('v1/health'));
method('create', Post('v1/vcard'), HttpCode(200));
Body()(FloorController.prototype, 'create', 0);
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

const app = await NestFactory.create(FloorModule, new FastifyAdapter(), { logger: false });
await app.listen(PORT, HOST);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
