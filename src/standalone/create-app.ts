import 'reflect-metadata';
import { LoggerService } from '@nestjs/common';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../config/app-config';
import { loadConfig } from '../config/load-config';
import { createAppLogger } from '../core/logging/app-logger';
import { EdgePolicy } from '../http/edge-policy';
import { attachConnectionLimits } from './connection-limits';
import { answerOtherPreflights, attachEdgeHook } from './edge-hook';
import { fastifyOptions } from './fastify-options';
import { Drain } from './drain';
import { declaredBodyLimits } from '../http/body-limit.decorator';
import { bodyTypeRoutes, ownBodyRoutes } from '../http/own-body.decorator';
import { ZIP_BODY_TYPES } from '../modules/batches/batch-body';
import { SCAN_PASS_THROUGH_TYPES } from '../modules/scans/scan-refusals';
import { VCARD_BODY_TYPES } from '../modules/vcard/vcard-body';
import type { OwnBodyTypes } from '../http/own-body.decorator';
import { useCsvParser, usePassThroughParsers, useStrictJsonParser } from './json-body-parser';
import { setupOpenApi } from './openapi';
import { RequestLogger } from './request-logger';
import { RouteIndex } from './route-index';
import { StandaloneModule } from './standalone.module';

export interface CreateAppOptions {
  /** Environment to configure from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Replaces the JSON logger (tests may pass their own). */
  logger?: LoggerService;
  /**
   * Called with the app before it is initialised, when Nest still builds its routes: global guards,
   * interceptors, pipes or filters added here apply to every route, the module's included.
   */
  configure?: (app: NestFastifyApplication) => void;
}

/**
 * Builds the fully wired, initialised standalone application: VCardPayloadModule on Fastify, plus
 * the edge a whole application owns (the /api alias, CORS and the rate limit for every request,
 * 404/405 for unknown routes, body-parser errors, X-Request-Id and the request log, the docs).
 * main.ts and every test use this same function, so tests exercise production behaviour.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const config: AppConfig = loadConfig(options.env ?? process.env);
  const adapter = new FastifyAdapter(fastifyOptions(config));
  // Plain HTTP/1.1 server: narrow the adapter's server-agnostic instance type.
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  attachConnectionLimits(fastify.server, config);
  // JSON only: fastify's default text/plain parser would let a plain-text body reach validation.
  fastify.removeContentTypeParser('text/plain');
  // The routes that read their own body are known once Nest has read the controllers (below).
  const ownBody = new Map<string, ReadonlyMap<string, OwnBodyTypes>>();
  useStrictJsonParser(fastify, ownBody);
  useCsvParser(fastify, ownBody);
  usePassThroughParsers(fastify, [...VCARD_BODY_TYPES, ...SCAN_PASS_THROUGH_TYPES, ...ZIP_BODY_TYPES], ownBody);

  const logger = options.logger ?? createAppLogger(config.logLevel, config.logFormat);
  const app = await NestFactory.create<NestFastifyApplication>(StandaloneModule.forRoot(config), adapter, {
    bodyParser: false,
    logger,
    abortOnError: false,
  });

  const routes = app.get(RouteIndex);
  const discovery = app.get(DiscoveryService);
  for (const [route, types] of ownBodyRoutes(discovery)) ownBody.set(route, types);
  routes.declareBodyTypes(bodyTypeRoutes(discovery));
  // A route that declares its own body limit (@BodyLimit) gets it instead of BODY_LIMIT_BYTES.
  const bodyLimits = declaredBodyLimits(discovery, config);
  fastify.addHook('onRoute', (route) => {
    routes.add(route.method, route.url);
    for (const method of [route.method].flat()) {
      const limit = bodyLimits.get(`${method} ${route.url}`);
      if (limit !== undefined) route.bodyLimit = limit;
    }
  });
  // CORS on fastify itself rather than through app.enableCors(): Nest's hook also copies the
  // CORS headers onto reply.raw, and a response whose raw object already holds headers takes
  // Node's slow writeHead path that re-validates every header. First, so a 429 carries them.
  const policy = app.get(EdgePolicy);
  attachEdgeHook(fastify, policy, app.get(Drain));
  app.get(RequestLogger).attach(fastify, logger);
  if (config.cors) answerOtherPreflights(fastify, policy);
  setupOpenApi(app, config, policy);
  if (config.playground) policy.declareFreePath('/playground/*');
  options.configure?.(app);

  await app.init();
  await fastify.ready();
  return app;
}
