import { describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig } from '../../src/config/load-config';
import { useTestApp } from '../utils/test-app';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

const ping = (app: NestFastifyApplication, origin?: string) =>
  app.inject({
    method: 'POST',
    url: '/mcp',
    headers: origin === undefined ? HEADERS : { ...HEADERS, origin },
    payload: PING,
  });

describe('MCP_ALLOWED_ORIGINS', () => {
  const suite = useTestApp({ MCP_ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:5173' });

  it('answers a listed origin (as a browser spells it) and a client that sends no Origin', async () => {
    for (const origin of ['https://app.example.com', 'http://localhost:5173', undefined]) {
      const res = await ping(suite.app, origin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    }
  });

  it('refuses any other origin with 403 forbidden_origin in the Error shape, counted and with CORS headers', async () => {
    for (const origin of ['https://evil.example', 'http://app.example.com', 'null']) {
      const res = await ping(suite.app, origin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'forbidden_origin',
          message: 'The Origin header is not allowed for this endpoint.',
          hint: expect.stringContaining('web origins the operator allows'),
          docsUrl: 'http://localhost:3000/docs/errors#forbidden_origin',
          status: 403,
        },
      });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    }
  });

  it('leaves the REST routes alone', async () => {
    const res = await suite.app.inject({
      method: 'GET',
      url: '/v1/product',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('MCP origins by default, and a bad list', () => {
  const suite = useTestApp();

  it('answers every origin when MCP_ALLOWED_ORIGINS is unset', async () => {
    expect((await ping(suite.app, 'https://anything.example')).statusCode).toBe(200);
  });

  it('refuses to start with a list that is not of web origins, naming the variable', () => {
    for (const value of ['app.example.com', 'https://app.example.com/path', 'ftp://files.example.com']) {
      let problem: unknown;
      try {
        loadConfig({ MCP_ALLOWED_ORIGINS: value });
      } catch (error) {
        problem = error;
      }
      expect(problem).toBeInstanceOf(ConfigError);
      expect((problem as ConfigError).problems).toEqual([
        'MCP_ALLOWED_ORIGINS must be a list of web origins such as https://app.example.com (scheme, host, port)',
      ]);
    }
  });
});

describe('MCP icons', () => {
  const suite = useTestApp();

  it('lists one icon for the server and each tool, served as SVG at the endpoint, free of the rate limit', async () => {
    const init = await suite.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: HEADERS,
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
      }),
    });
    const src = 'http://localhost:3000/mcp/icon.svg';
    expect(init.json().result.serverInfo.icons).toEqual([{ src, mimeType: 'image/svg+xml', sizes: ['any'] }]);
    const list = await suite.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: HEADERS,
      payload: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    for (const tool of list.json().result.tools as { icons: unknown }[]) expect(tool.icons).toEqual([{ src }]);
    const icon = await suite.app.inject({ method: 'GET', url: new URL(src).pathname });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['ratelimit-remaining']).toBeUndefined();
    expect(icon.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 48 48">.*<\/svg>$/s);
  });
});
