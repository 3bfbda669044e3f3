import { isUtf8 } from 'node:buffer';
import { ApiError } from '../core/errors/api-error';

/** The charset parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === 'application/json' || contentType === undefined) return undefined;
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType);
  return match?.[2].toLowerCase();
}

/**
 * The 415 of a body whose media type the route does not take, listing every one it does
 * (`details.accepted`): a JSON-only route says so in the registry's words.
 */
export function unsupportedMediaType(accepted: readonly string[]): ApiError {
  if (accepted.length === 1 && accepted[0] === 'application/json')
    return new ApiError('unsupported_media_type', { details: { accepted: [...accepted] } });
  const last = accepted.length - 1;
  return new ApiError('unsupported_media_type', {
    message: `The request body must be ${accepted.slice(0, last).join(', ')} or ${accepted[last]}.`,
    hint: 'Send the body with one of the Content-Types in error.details.accepted.',
    details: { accepted: [...accepted] },
  });
}

/**
 * The one rule for the text of a request body (JSON or CSV): a declared charset other than UTF-8
 * is a 415; undefined when the Content-Type is fine. `kind` names the body (JSON, CSV) and
 * `type` its media type in the hint.
 */
export function charsetError(contentType: string | undefined, kind: string, type: string): ApiError | undefined {
  const charset = charsetOf(contentType);
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return undefined;
  return new ApiError('unsupported_media_type', {
    message: `A ${kind} body must be encoded as UTF-8.`,
    hint: `Send Content-Type: ${type} (or ${type}; charset=utf-8) with a UTF-8 body.`,
  });
}

/**
 * A body's bytes as text, or the error that refuses them: a declared charset other than UTF-8
 * (415), or bytes that are not UTF-8 (400 invalid_encoding, never replacement characters in a
 * card). The decoder writes U+FFFD for every invalid byte, overlong form or encoded surrogate, so
 * a text without one came from valid UTF-8; only a text with one is checked by isUtf8 (simdutf),
 * which rejects what a fatal decoder rejects and tells an invalid body from one that sent U+FFFD.
 */
export function utf8BodyText(
  body: Buffer,
  contentType: string | undefined,
  kind: string,
  type: string,
): string | ApiError {
  const refused = charsetError(contentType, kind, type);
  if (refused) return refused;
  const text = body.toString('utf8');
  if (text.includes('\uFFFD') && !isUtf8(body)) return new ApiError('invalid_encoding');
  return text;
}
