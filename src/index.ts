/**
 * The package's public entry: the module, its options, the OpenAPI builder, the error codes and the
 * readiness a host's shutdown can set draining.
 * Everything else is internal and may change without notice.
 */
export { VCardPayloadModule } from './vcard-payload.module';
export type { VCardPayloadOptions, VCardPayloadStoreOption } from './options/vcard-payload-options';
export { ConfigError } from './options/option-checks';
export { Readiness } from './core/lifecycle/readiness';
export { buildOpenApiDocument } from './openapi/build-openapi-document';
export type { VCardPayloadOpenApiOptions } from './openapi/build-openapi-document';
export { ERROR_CODES, ERROR_CODE_NAMES } from './core/errors/error-codes';
export type { ErrorCode } from './core/errors/error-codes';
export type { ErrorBody } from './core/errors/error-body';
