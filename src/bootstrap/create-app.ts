import 'reflect-metadata';
import { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { loadConfig } from '../config/load-config';
import { RouteIndex } from '../core/errors/route-index';
import { createAppLogger } from '../core/logging/app-logger';
import { RequestLogger } from '../core/logging/request-logger';
import { RateLimiter } from '../core/rate-limit/rate-limiter';
import { addCorsResponseHeaders, registerCorsPreflight } from './cors';
import { fastifyOptions } from './fastify-options';
import { setupOpenApi } from './openapi';

export interface CreateAppOptions {
  /** Environment to configure from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Replaces the JSON logger (tests may pass their own). */
  logger?: LoggerService;
}

/**
 * Builds the fully wired, initialised application. main.ts and every test use this same
 * function, so tests exercise production behaviour (aliases, limits, filters, docs).
 */
export async function createApp(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const config: AppConfig = loadConfig(options.env ?? process.env);
  const adapter = new FastifyAdapter(fastifyOptions(config));
  // Plain HTTP/1.1 server: narrow the adapter's server-agnostic instance type.
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  // JSON only: fastify's default text/plain parser would let a plain-text body reach validation.
  fastify.removeContentTypeParser('text/plain');

  const logger = options.logger ?? createAppLogger(config.logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bodyParser: false,
    logger,
    abortOnError: false,
  });

  const routes = app.get(RouteIndex);
  fastify.addHook('onRoute', (route) => routes.add(route.method, route.url));
  // CORS on fastify itself rather than through app.enableCors(): Nest's hook also copies the
  // CORS headers onto reply.raw, and a response whose raw object already holds headers takes
  // Node's slow writeHead path that re-validates every header. Nothing here needs the copy: no
  // Nest middleware ends responses, @Sse merges the fastify reply's headers, and the MCP
  // controller copies them itself. The simple-response headers come first, so a 429 carries them.
  addCorsResponseHeaders(fastify);
  app.get(RateLimiter).attach(fastify);
  app.get(RequestLogger).attach(fastify, logger);
  // Last: the preflight context inherits the hooks above (request id, request log).
  await registerCorsPreflight(fastify);
  setupOpenApi(app, config);

  await app.init();
  await fastify.ready();
  return app;
}
