import { ERROR_CODES, ErrorCode } from './error-codes';

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    hint: string;
    docsUrl: string;
    status: number;
    details?: Record<string, unknown>;
  };
}

/** Builds the Error shape. Pure, so fastify's low-level handlers can use it before Nest exists. */
export function buildErrorBody(
  publicBaseUrl: string,
  code: ErrorCode,
  overrides: { message?: string; hint?: string; details?: Record<string, unknown> } = {},
): ErrorBody {
  const spec = ERROR_CODES[code];
  const body: ErrorBody = {
    error: {
      code,
      message: overrides.message ?? spec.message,
      hint: overrides.hint ?? spec.hint,
      docsUrl: `${publicBaseUrl}/docs/errors#${code}`,
      status: spec.status,
    },
  };
  if (overrides.details) body.error.details = overrides.details;
  return body;
}
