import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../utils/service-command';

// The MCP SDK is loaded on the first MCP request, not at start-up (mcp-sdk.ts): a REST-only
// process keeps its RSS. Checked on the built service in a fresh process, where Node's module
// cache shows what was loaded (Jest's own module registry would not).
const SCRIPT = `
const { createApp } = require(${JSON.stringify(join(ROOT, 'dist/standalone/create-app.js'))});
const sdkLoaded = () => Object.keys(require.cache).some((file) => file.includes('@modelcontextprotocol'));
(async () => {
  const app = await createApp({ env: { LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost:3000' } });
  const seen = { afterStart: sdkLoaded() };
  const rest = await app.inject({ method: 'POST', url: '/v1/vcard', payload: { fullName: 'A' } });
  seen.afterRest = sdkLoaded();
  seen.restStatus = rest.statusCode;
  const mcp = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { host: 'localhost', accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'lazy', version: '1' } } },
  });
  seen.afterMcp = sdkLoaded();
  seen.mcpStatus = mcp.statusCode;
  seen.serverName = JSON.parse(mcp.body).result?.serverInfo?.name;
  await app.close();
  process.stdout.write(JSON.stringify(seen));
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('MCP SDK loading', () => {
  it('is not loaded at start-up or by REST traffic, and is loaded by the first MCP request', () => {
    const seen = JSON.parse(
      execFileSync(process.execPath, ['-e', SCRIPT], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 }),
    );
    expect(seen).toEqual({
      afterStart: false,
      afterRest: false,
      restStatus: 200,
      afterMcp: true,
      mcpStatus: 200,
      serverName: 'vcard-payload-service',
    });
  });
});
