import { HttpException } from '@nestjs/common';
import { ERROR_CODES, ErrorCode } from './error-codes';

export interface ApiErrorOptions {
  message?: string;
  hint?: string;
  details?: Record<string, unknown>;
  /** Extra response headers (e.g. Allow, Retry-After). */
  headers?: Record<string, string>;
}

/** An error with a registered code. Throw it anywhere; the global filter renders the Error shape. */
export class ApiError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    readonly extras: ApiErrorOptions = {},
  ) {
    super(extras.message ?? ERROR_CODES[code].message, ERROR_CODES[code].status);
  }
}
