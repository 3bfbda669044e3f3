import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { ApiError } from '../core/errors/api-error';

/** Deepest nesting of arrays and objects a JSON body may have; far above any valid request's. */
export const MAX_JSON_DEPTH = 64;

/** The charset parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return match?.[2].toLowerCase();
}

/** Whether `text` holds more than `max` of `char` (a native search, stopping at max + 1). */
function holdsMoreThan(text: string, char: string, max: number): boolean {
  let at = -1;
  for (let seen = 0; seen <= max; seen++) {
    at = text.indexOf(char, at + 1);
    if (at === -1) return false;
  }
  return true;
}

/** Whether arrays and objects in `text` nest deeper than `max` (strings skipped): one linear scan. */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Nothing can nest deeper than its opening brackets are many: most bodies have one.
  if (!holdsMoreThan(text, '{', max / 2) && !holdsMoreThan(text, '[', max / 2)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, honouring backslash escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * The body as text, or the error that refuses it: a declared charset other than UTF-8 (415), or
 * bytes that are not UTF-8 (400). isUtf8 (simdutf) rejects what a fatal decoder rejects: invalid
 * bytes, overlong forms, encoded surrogates.
 */
function utf8Text(request: FastifyRequest, body: Buffer, kind: string, type: string): string | ApiError {
  const charset = charsetOf(request.headers['content-type']);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return new ApiError('unsupported_media_type', {
      message: `A ${kind} body must be encoded as UTF-8.`,
      hint: `Send Content-Type: ${type} (or ${type}; charset=utf-8) with a UTF-8 body.`,
    });
  }
  if (!isUtf8(body)) return new ApiError('invalid_encoding');
  return body.toString('utf8');
}

/**
 * Fastify's JSON parser behind three checks of the standalone app, on every JSON route (MCP too):
 * a charset other than UTF-8 is a 415; the bytes are decoded as UTF-8 fatally (invalid,
 * overlong and surrogate encodings are a 400 `invalid_encoding`, never replacement characters in a
 * card, RFC 8259 §8.1); nesting deeper than MAX_JSON_DEPTH is a 400 `invalid_json` before anything
 * walks it. Then fastify's own parser, with its prototype-poisoning protection, does the rest.
 */
export function useStrictJsonParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: Buffer, done) => {
    const text = utf8Text(request, body, 'JSON', 'application/json');
    if (text instanceof ApiError) return done(text, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        new ApiError('invalid_json', {
          message: `The JSON body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
          hint: 'Send a flat JSON object: every field value is a string.',
          details: { maxDepth: MAX_JSON_DEPTH },
        }),
        undefined,
      );
    }
    parseJson(request, text, done);
  });
}

/**
 * `text/csv` for POST /v1/batches: the body as a string, decoded as UTF-8 fatally like JSON (a
 * charset other than UTF-8 is a 415), with the batch route's own body limit.
 */
export function useCsvParser(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit }, (request: FastifyRequest, body: Buffer, done) => {
    const text = utf8Text(request, body, 'CSV', 'text/csv');
    if (text instanceof ApiError) return done(text, undefined);
    done(null, text);
  });
}
