// The yardstick: bare Fastify doing the same useful work as the service on the benchmarked routes,
// and nothing else (no Nest, no CORS, no rate limit, no request id, no logging). It uses the
// service's own compiled code for everything that is not framework: the encoder, the cleaning and
// format checks, template paging, the job id and the Job shape. The request body is checked by a
// Fastify route schema (the 8 string fields with their maxLength, fullName required, no other
// properties), then each field is cleaned and checked again as the service does.
//
// With YARDSTICK_FEATURES=1 it also runs the service's own cross-cutting code, taken from the
// build: its CORS hooks (@fastify/cors for preflights), the RateLimiter hook over the in-memory
// storage, the X-Request-Id header, the JSON request log line and the request metrics
// (RequestLogger with AppLogger and ServiceMetrics).
// That variant shows how much of the gap is those features rather than the framework.
//
// With YARDSTICK_BUSY_US=n, POST /v1/vcard also spins for n µs of pure CPU per request: a server
// exactly n µs slower than the yardstick, which shows what n µs cost in throughput on this machine.
//
// Env: BENCH_DIST (compiled service, default dist), PORT, HOST (127.0.0.1), MAX_JOBS (10000),
// YARDSTICK_FEATURES (1 to add the features), RATE_LIMIT_MAX (10000000, with the features),
// YARDSTICK_BUSY_US (0).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
// The very Fastify the service runs on (the one @nestjs/platform-fastify depends on).
const Fastify = createRequire(import.meta.resolve('@nestjs/platform-fastify'))('fastify');
const dist = resolve(process.env.BENCH_DIST ?? 'dist');
const vcard = require(`${dist}/lib/vcard/index.js`);
const contactLib = require(`${dist}/lib/contact/index.js`);
const { PRIVACY_NOTE } = require(`${dist}/modules/vcard/privacy-note.js`);
const { templatePage } = require(`${dist}/modules/templates/template-page.js`);
const { toJobView } = require(`${dist}/modules/jobs/job-view.js`);
const { SERVICE_NAME, SERVICE_VERSION } = require(`${dist}/options/service-info.js`);
const { newJobId } = require(`${dist}/modules/jobs/job-id.js`);

const PORT = Number(process.env.PORT ?? 3200);
const HOST = process.env.HOST ?? '127.0.0.1';
const BASE_URL = `http://localhost:${PORT}`;
const MAX_JOBS = Number(process.env.MAX_JOBS ?? 10_000);
const JOB_TTL_MS = 900_000;
const BUSY_US = Number(process.env.YARDSTICK_BUSY_US ?? 0);

function busyWait(microseconds) {
  const until = performance.now() + microseconds / 1000;
  while (performance.now() < until);
}

// The first contract's eight text fields, with their rules as the contact declaration gives them.
const FIELDS = contactLib.FIRST_CONTRACT_FIELDS;
const RULES = contactLib.CONTACT_SCHEMA.fields;

const contactSchema = {
  type: 'object',
  required: ['fullName'],
  additionalProperties: false,
  properties: Object.fromEntries(FIELDS.map((field) => [field, { type: 'string', maxLength: RULES[field].max }])),
};

function badRequest(reply, fields) {
  return reply.code(400).send({ error: { code: 'invalid_request', status: 400, details: { fields } } });
}

/**
 * The service's per-field rules after the schema: surrogates, clean, emptiness, length, the
 * declared checks, then the declared normalisation (a website gets its scheme).
 */
function cleanContact(body) {
  const contact = {};
  const issues = [];
  for (const field of FIELDS) {
    const raw = body[field];
    if (raw === undefined) continue;
    if (contactLib.hasLoneSurrogate(raw)) {
      issues.push({ field, issue: 'invalid_unicode' });
      continue;
    }
    const rule = RULES[field];
    const value = contactLib.cleanText(raw, rule.multiLine === true);
    if (value === '') {
      if (field === 'fullName') issues.push({ field, issue: 'required' });
      continue;
    }
    let failed = contactLib.codePointLength(value) > rule.max ? 'too_long' : null;
    for (const check of rule.checks ?? []) if (failed === null && !check.test(value)) failed = check.issue;
    if (failed) issues.push({ field, issue: failed });
    else contact[field] = rule.normalize ? rule.normalize(value) : value;
  }
  return { contact, issues };
}

function encode(contact) {
  const { vcard: text, qrPayload, qr } = vcard.encodeVCard(contact);
  return { vcard: text, qrPayload, generatorUrl: `${BASE_URL}/`, privacyNote: PRIVACY_NOTE, qr };
}

const FEATURES = process.env.YARDSTICK_FEATURES === '1';
// With the features: the service's request ids (X-Request-Id or a UUID) and its /api alias rewrite.
const { genReqId, rewriteUrl } = FEATURES
  ? require(`${dist}/standalone/fastify-options.js`).fastifyOptions({ trustProxy: [], publicBaseUrl: BASE_URL })
  : {};
const app = Fastify({
  logger: false,
  ...(FEATURES ? { genReqId, rewriteUrl } : {}),
  // Reject what the schema does not allow, as the service does: no silent removal, no coercion.
  ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
});

if (FEATURES) {
  const { attachEdgeHook, answerOtherPreflights } = require(`${dist}/standalone/edge-hook.js`);
  const { EdgePolicy } = require(`${dist}/http/edge-policy.js`);
  const { RateLimiter } = require(`${dist}/core/rate-limit/rate-limiter.js`);
  const { MemoryThrottlerStorage } = require(`${dist}/infra/store/memory/memory-throttler-storage.js`);
  const { RequestLogger } = require(`${dist}/standalone/request-logger.js`);
  const { ServiceMetrics } = require(`${dist}/core/metrics/service-metrics.js`);
  const { createAppLogger } = require(`${dist}/core/logging/app-logger.js`);
  const { Reflector } = require('@nestjs/core');
  // In the service's order: the edge (CORS response headers, rate limit), request id and log, preflights.
  const rateLimit = { max: Number(process.env.RATE_LIMIT_MAX ?? 10_000_000), windowSeconds: 60 };
  const limiter = new RateLimiter(new MemoryThrottlerStorage(), { rateLimit });
  // No Nest controllers here: health is declared free by hand, as the service's health route declares it.
  const policy = new EdgePolicy({ cors: true }, limiter, new Reflector(), { getControllers: () => [] });
  policy.declareFreePath('/v1/health');
  attachEdgeHook(app, policy, { active: false });
  new RequestLogger(new ServiceMetrics({})).attach(app, createAppLogger('info'));
  answerOtherPreflights(app, policy);
}

app.get('/v1/health', async () => ({ ok: true, service: SERVICE_NAME, version: SERVICE_VERSION }));

app.get('/v1/templates', async (request, reply) => {
  const { limit: rawLimit, cursor } = request.query;
  const limit = rawLimit === undefined ? 2 : /^\d{1,9}$/.test(rawLimit) ? Number(rawLimit) : NaN;
  if (!(limit >= 1 && limit <= 25)) return reply.code(400).send({ error: { code: 'invalid_query', status: 400 } });
  const page = typeof cursor === 'string' || cursor === undefined ? templatePage(limit, cursor) : null;
  if (!page) return reply.code(400).send({ error: { code: 'invalid_cursor', status: 400 } });
  return page;
});

app.post('/v1/vcard', { schema: { body: contactSchema } }, async (request, reply) => {
  if (BUSY_US > 0) busyWait(BUSY_US);
  const { contact, issues } = cleanContact(request.body);
  if (issues.length > 0) return badRequest(reply, issues);
  return encode(contact);
});

// Bounded like the service's in-memory store: oldest first out, each job kept as the JSON text of
// what the service stores (the job with only the QR payload as its result).
const jobs = new Map();
app.post('/v1/jobs/vcard', { schema: { body: contactSchema } }, async (request, reply) => {
  const { contact, issues } = cleanContact(request.body);
  if (issues.length > 0) return badRequest(reply, issues);
  const createdAt = new Date().toISOString();
  const job = {
    id: newJobId(),
    status: 'succeeded',
    createdAt,
    completedAt: new Date().toISOString(),
    result: encode(contact),
  };
  while (jobs.size >= MAX_JOBS) jobs.delete(jobs.keys().next().value);
  const stored = { ...job, result: { qrPayload: job.result.qrPayload } };
  jobs.set(job.id, { json: JSON.stringify(stored), expiresAt: Date.now() + JOB_TTL_MS });
  const self = `${BASE_URL}/v1/jobs/${job.id}`;
  reply.code(202).header('Location', self);
  return toJobView(job, self);
});

await app.listen({ port: PORT, host: HOST });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
