/** Public API: any origin may read responses; no credentials, so `*` is safe. */
export const CORS_OPTIONS = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
  exposedHeaders: [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Retry-After',
    'Location',
    'Idempotency-Key',
    'Idempotent-Replayed',
    'X-Request-Id',
    'Allow',
    'QR-Check',
    'QR-Check-Warnings',
  ],
  maxAge: 600,
  optionsSuccessStatus: 204,
};

/** The headers of every non-preflight response for `origin: '*'` without credentials, computed once. */
export const CORS_RESPONSE_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': CORS_OPTIONS.exposedHeaders.join(', '),
} as const;

/**
 * The headers of a preflight answer, as @fastify/cors and the `cors` package send them for these
 * options: the request's headers reflected (hence Vary), the allowed methods, max-age.
 */
export function preflightHeaders(requestedHeaders: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_RESPONSE_HEADERS,
    'access-control-allow-methods': CORS_OPTIONS.methods.join(', '),
    'access-control-max-age': String(CORS_OPTIONS.maxAge),
    vary: 'Access-Control-Request-Headers',
  };
  if (requestedHeaders) headers['access-control-allow-headers'] = requestedHeaders;
  return headers;
}

/**
 * Whether an OPTIONS request is a CORS preflight: it names the method it asks for. Anything else is
 * a 400, as @fastify/cors's strict preflight check answers it.
 */
export function isPreflight(requestedMethod: string | undefined): boolean {
  return typeof requestedMethod === 'string' && requestedMethod !== '';
}
