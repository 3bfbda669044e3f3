import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from './api-error';
import { buildErrorBody } from './error-body';
import { ERROR_CODES, ErrorCode } from './error-codes';
import { RouteIndex } from './route-index';

interface Resolved {
  code: ErrorCode;
  message?: string;
  hint?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  403: 'forbidden_host',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'idempotency_key_reused',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Renders every error, from any layer, as the one Error shape of the contract. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: RouteIndex,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const resolved = this.resolve(exception, request);
    if (resolved.code === 'internal_error') this.logUnexpected(exception, request);

    if (reply.sent || reply.raw.headersSent) {
      // A stream already started: the status line is gone, so all we can do is end it.
      reply.raw.destroy();
      return;
    }
    for (const [name, value] of Object.entries(resolved.headers ?? {})) reply.header(name, value);
    reply
      .status(ERROR_CODES[resolved.code].status)
      .type('application/json; charset=utf-8')
      .send(buildErrorBody(this.config.publicBaseUrl, resolved.code, resolved));
  }

  private resolve(exception: unknown, request: FastifyRequest): Resolved {
    if (exception instanceof ApiError) return { code: exception.code, ...exception.extras };
    if (!(exception instanceof HttpException)) return { code: 'internal_error' };

    const status = exception.getStatus();
    const fastifyCode = (exception.cause as { code?: unknown } | undefined)?.code;
    if (typeof fastifyCode === 'string' && FASTIFY_CODES[fastifyCode]) {
      const code = FASTIFY_CODES[fastifyCode];
      return code === 'payload_too_large'
        ? { code, details: { maxBytes: this.config.bodyLimitBytes } }
        : { code };
    }
    if (status === 404 && (request as { is404?: boolean }).is404) {
      const allowed = this.routes.allowedMethods(request.raw.url ?? '/');
      if (allowed.length > 0) {
        return {
          code: 'method_not_allowed',
          message: `${request.method} is not allowed on this path.`,
          headers: { Allow: allowed.join(', ') },
        };
      }
      return { code: 'not_found' };
    }
    const code = STATUS_CODES[status];
    if (code) return { code };
    return status < 500 ? { code: 'invalid_request' } : { code: 'internal_error' };
  }

  /** Logs the error's type and stack frames only: messages may quote request data. */
  private logUnexpected(exception: unknown, request: FastifyRequest): void {
    const name = exception instanceof Error ? exception.name : typeof exception;
    const frames =
      exception instanceof Error && exception.stack
        ? exception.stack.split('\n').slice(1, 8).map((line) => line.trim())
        : [];
    this.logger.error({ msg: 'unexpected error', requestId: request.id, errorType: name, frames });
  }
}
