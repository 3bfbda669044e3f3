import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiError } from '../core/errors/api-error';
import { buildErrorBody } from '../core/errors/error-body';
import { ERROR_CODES, ErrorCode } from '../core/errors/error-codes';
import { SERVICE_CONFIG, ServiceConfig } from '../options/service-config';
import { routedMountPath } from './mount-path';
import { HttpRequestLike, nativeRequest, nativeResponse } from './native-http';

export interface ResolvedError {
  code: ErrorCode;
  message?: string;
  hint?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Body-parser errors Nest hands over as an HttpException whose cause carries Fastify's code. */
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

/** Error codes Node and streams use when the peer went away. */
const ABORT_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED', 'EPIPE']);

/**
 * Whether an error only says that the client went away mid-request (closed the connection while
 * sending its body, or timed out and was cut off): nothing to answer, nothing wrong with the service.
 */
export function isClientAbort(exception: unknown, request: HttpRequestLike): boolean {
  const code = (exception as { code?: unknown } | null)?.code;
  const socket = nativeRequest(request).socket as { destroyed?: boolean } | undefined;
  return typeof code === 'string' && ABORT_CODES.has(code) && (socket?.destroyed ?? true);
}

/** The shortest gap between two "aborted" log lines; the ones in between are counted in the next. */
const ABORT_LOG_INTERVAL_MS = 1000;

/**
 * One info line per client abort, at most one a second (a client that aborts thousands of
 * requests cannot flood the log): method, route pattern, bytes read from the connection, and how
 * many aborts the line stands for. Never a stack, never the URL or body.
 */
class AbortLog {
  private lastAt = 0;
  private suppressed = 0;

  constructor(private readonly logger: Logger) {}

  record(request: HttpRequestLike): void {
    const now = Date.now();
    if (now - this.lastAt < ABORT_LOG_INTERVAL_MS) {
      this.suppressed += 1;
      return;
    }
    const raw = nativeRequest(request);
    const route =
      (request as { routeOptions?: { url?: string } }).routeOptions?.url ??
      (raw as unknown as { route?: { path?: string } }).route?.path ??
      null;
    this.logger.log({
      msg: 'request aborted by the client',
      requestId: (request as { id?: unknown }).id,
      method: request.method,
      route,
      bytesRead: raw.socket?.bytesRead ?? null,
      abortsSinceLastLine: this.suppressed + 1,
    });
    this.lastAt = now;
    this.suppressed = 0;
  }
}

/**
 * Renders every error raised on the module's routes as the contract's Error shape, on Express or
 * Fastify (through Nest's HttpAdapterHost, never an adapter's own reply API). Bound to the module's
 * controllers by @ApiRoute(), so a host's own routes keep the host's error handling.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');
  private readonly aborts = new AbortLog(this.logger);

  constructor(
    @Inject(SERVICE_CONFIG) protected readonly config: ServiceConfig,
    protected readonly adapterHost: HttpAdapterHost,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    const response = http.getResponse<object>();
    if (isClientAbort(exception, request)) {
      this.aborts.record(request);
      nativeResponse(response).destroy();
      return;
    }
    const resolved = this.resolve(exception, request);
    if (resolved.code === 'internal_error') this.logUnexpected(exception, request);

    const { httpAdapter } = this.adapterHost;
    if (httpAdapter.isHeadersSent(response)) {
      // A stream already started: the status line is gone, so all we can do is end it.
      nativeResponse(response).destroy();
      return;
    }
    for (const [name, value] of Object.entries(resolved.headers ?? {})) httpAdapter.setHeader(response, name, value);
    httpAdapter.setHeader(response, 'Content-Type', 'application/json; charset=utf-8');
    const docsBase = `${this.config.publicBaseUrl}${routedMountPath(request)}`;
    httpAdapter.reply(response, buildErrorBody(docsBase, resolved.code, resolved), ERROR_CODES[resolved.code].status);
  }

  /** The registered code of an exception, with its extras. */
  protected resolve(exception: unknown, _request: HttpRequestLike): ResolvedError {
    if (exception instanceof ApiError) return { code: exception.code, ...exception.extras };
    if (!(exception instanceof HttpException)) return { code: 'internal_error' };
    const parserCode = (exception.cause as { code?: unknown } | undefined)?.code;
    if (typeof parserCode === 'string' && FASTIFY_CODES[parserCode]) return { code: FASTIFY_CODES[parserCode] };
    const status = exception.getStatus();
    const code = STATUS_CODES[status];
    if (code) return { code };
    return status < 500 ? { code: 'invalid_request' } : { code: 'internal_error' };
  }

  /** Logs the error's type and stack frames only: messages may quote request data. */
  private logUnexpected(exception: unknown, request: HttpRequestLike): void {
    const name = exception instanceof Error ? exception.name : typeof exception;
    const frames =
      exception instanceof Error && exception.stack
        ? exception.stack
            .split('\n')
            .slice(1, 8)
            .map((line) => line.trim())
        : [];
    this.logger.error({
      msg: 'unexpected error',
      requestId: (request as { id?: unknown }).id,
      errorType: name,
      frames,
    });
  }
}
