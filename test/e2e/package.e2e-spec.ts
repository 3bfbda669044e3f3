import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { freePort } from '../utils/redis-server';

const ROOT = join(__dirname, '..', '..');
const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string }>;
};
/** The host pins what this repository tests with, so npm finds every package in its cache. */
const locked = (name: string): string => lock.packages[`node_modules/${name}`].version;

const HOST_MAIN = `
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { ExpressAdapter } = require('@nestjs/platform-express');
const { VCardPayloadModule } = require('vcard-payload-service');

class HostModule {}
Module({ imports: [VCardPayloadModule.forRoot({ publicBaseUrl: process.env.BASE })] })(HostModule);

NestFactory.create(HostModule, new ExpressAdapter(), { logger: false })
  .then((app) => app.listen(Number(process.env.PORT), '127.0.0.1'))
  .then(() => console.log('listening'));
`;

/** A host that builds its own OpenAPI document with SwaggerModule, on the adapter named in argv. */
const HOST_OPENAPI = `
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { DocumentBuilder, SwaggerModule } = require('@nestjs/swagger');
const { VCardPayloadModule } = require('vcard-payload-service');

const adapters = {
  express: () => new (require('@nestjs/platform-express').ExpressAdapter)(),
  fastify: () => new (require('@nestjs/platform-fastify').FastifyAdapter)(),
};
class HostModule {}
Module({ imports: [VCardPayloadModule.forRoot({ publicBaseUrl: 'https://platform.example.com' })] })(HostModule);

NestFactory.create(HostModule, adapters[process.argv[2]](), { logger: false }).then(async (app) => {
  app.setGlobalPrefix('platform');
  await app.init();
  const document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('platform').build());
  await app.close();
  process.stdout.write(JSON.stringify(document));
});
`;

type SchemaMap = Record<string, Record<string, unknown>>;
type HostDocument = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  components: { schemas: SchemaMap };
};

/** The component names a schema refers to, directly or through the components it refers to. */
function referencedComponents(name: string, schemas: SchemaMap, seen = new Set<string>()): Set<string> {
  seen.add(name);
  for (const [, ref] of JSON.stringify(schemas[name]).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
    if (!seen.has(ref)) referencedComponents(ref, schemas, seen);
  }
  return seen;
}

const HOST_TYPES = `
import { VCardPayloadModule, type VCardPayloadOptions, ERROR_CODES } from 'vcard-payload-service';
const options: VCardPayloadOptions = { publicBaseUrl: 'https://platform.example.com', rateLimit: false, store: 'memory' };
export const dynamic = VCardPayloadModule.forRoot(options);
export const status: number = ERROR_CODES.job_not_found.status;
`;

/** Every installed copy of a package under a project. */
function copiesOf(dir: string, name: string): string[] {
  const found: string[] = [];
  const walk = (modules: string): void => {
    let entries: string[];
    try {
      entries = readdirSync(modules);
    } catch {
      return;
    }
    if (entries.includes(name.split('/')[0]) && statSafe(join(modules, name, 'package.json')))
      found.push(join(modules, name));
    for (const entry of entries) {
      const packages = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((sub) => join(entry, sub))
        : [entry];
      for (const pkg of packages) walk(join(modules, pkg, 'node_modules'));
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

function statSafe(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

describe('the npm package, installed into a host project from its tarball', () => {
  let dir: string;
  let host: ChildProcess | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vcard-host-'));
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    })
      .trim()
      .split('\n')
      .pop()!;
    expect(packed).toBe(`vcard-payload-service-${own.version}.tgz`);
    const dependencies: Record<string, string> = { 'vcard-payload-service': `file:./${packed}` };
    for (const name of [
      '@nestjs/common',
      '@nestjs/core',
      '@nestjs/platform-express',
      '@nestjs/platform-fastify',
      '@nestjs/swagger',
      'reflect-metadata',
      'rxjs',
      'class-validator',
      'class-transformer',
    ]) {
      dependencies[name] = locked(name);
    }
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'host-platform', private: true, dependencies }, null, 2),
    );
    execFileSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      {
        cwd: dir,
        stdio: 'pipe',
        timeout: 170_000,
      },
    );
  }, 240_000);

  afterAll(() => {
    host?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships the built code and declarations, not sources or tests', () => {
    const installed = join(dir, 'node_modules', 'vcard-payload-service');
    expect(statSafe(join(installed, 'dist', 'index.js'))).toBe(true);
    expect(statSafe(join(installed, 'dist', 'index.d.ts'))).toBe(true);
    expect(
      readdirSync(installed)
        .filter((entry) => entry !== 'node_modules')
        .sort(),
    ).toEqual(['README.md', 'dist', 'package.json']);
    expect(readdirSync(join(installed, 'dist')).some((entry) => entry.endsWith('.spec.js'))).toBe(false);
  });

  it('leaves the host exactly one @nestjs/core and one @nestjs/common', () => {
    expect(copiesOf(dir, '@nestjs/core')).toHaveLength(1);
    expect(copiesOf(dir, '@nestjs/common')).toHaveLength(1);
  });

  it('type-checks a host that imports the module and its options by the package name', () => {
    writeFileSync(join(dir, 'host.ts'), HOST_TYPES);
    const tsconfig = {
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2023',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ['host.ts'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
      cwd: dir,
      stdio: 'pipe',
      timeout: 25_000,
    });
  });

  it('starts a host app on Express that answers POST /v1/vcard', async () => {
    writeFileSync(join(dir, 'main.js'), HOST_MAIN);
    const port = await freePort();
    const child = spawn(process.execPath, ['main.js'], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), BASE: `http://127.0.0.1:${port}` },
      timeout: 60_000,
    });
    host = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('host did not start within 20 s')), 20_000);
      child.stdout!.on(
        'data',
        (chunk: Buffer) => chunk.toString().includes('listening') && (clearTimeout(timer), resolve()),
      );
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`host exited with ${code}`))));
    });
    const res = await fetch(`http://127.0.0.1:${port}/v1/vcard`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Ada Lovelace' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(((await res.json()) as { qrPayload: string }).qrPayload).toContain('FN:Ada Lovelace');
  }, 30_000);

  describe.each(['express', 'fastify'])("a %s host's own SwaggerModule.createDocument", (adapter) => {
    let text: string;
    let document: HostDocument;
    const standalone = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')) as HostDocument;

    beforeAll(() => {
      writeFileSync(join(dir, 'openapi-host.js'), HOST_OPENAPI);
      text = execFileSync(process.execPath, ['openapi-host.js', adapter], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      });
      document = JSON.parse(text) as HostDocument;
    }, 40_000);

    it('is a valid OpenAPI 3.x document', async () => {
      expect(await new Validator().validate(JSON.parse(text))).toEqual({ valid: true });
    });

    it("has the standalone's VCardRequest, fullName required, and every shape it refers to", () => {
      const schemas = document.components.schemas;
      expect(schemas.VCardRequest.required).toEqual(['fullName']);
      const names = referencedComponents('VCardRequest', standalone.components.schemas);
      expect(names).toContain('ContactPhone');
      for (const name of names) expect([name, schemas[name]]).toEqual([name, standalone.components.schemas[name]]);
    });

    it('documents the vcard body, the job body and the batch contacts as VCardRequest', () => {
      const body = (path: string): unknown => document.paths[path].post.requestBody?.content['application/json'].schema;
      const vcardRequest = { $ref: '#/components/schemas/VCardRequest' };
      expect(body('/platform/v1/vcard')).toEqual(vcardRequest);
      expect(body('/platform/v1/jobs/vcard')).toEqual(vcardRequest);
      expect(body('/platform/v1/batches')).toEqual({ $ref: '#/components/schemas/BatchCreateRequest' });
      expect(document.components.schemas.BatchCreateRequest.properties).toMatchObject({
        contacts: { type: 'array', items: vcardRequest },
      });
    });
  });
});
