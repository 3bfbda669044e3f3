/** Public API: any origin may read responses; no credentials, so `*` is safe. */
export const CORS_OPTIONS = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
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
  ],
  maxAge: 600,
  optionsSuccessStatus: 204,
};
