#!/usr/bin/env node
// Writes the OpenAPI document the built service serves (default configuration) to
// openapi/openapi.json. The file is committed so that every contract change shows up in review;
// test/e2e/openapi.e2e-spec.ts fails when it is stale. Usage: npm run build && npm run openapi:write
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createApp } = require('../dist/standalone/create-app.js');

const app = await createApp({ env: { LOG_LEVEL: 'silent' } });
const response = await app.inject({ method: 'GET', url: '/openapi.json' });
await app.close();
mkdirSync(new URL('../openapi/', import.meta.url), { recursive: true });
writeFileSync(new URL('../openapi/openapi.json', import.meta.url), `${JSON.stringify(response.json(), null, 2)}\n`);
console.log('openapi/openapi.json written');
