import { ApiError } from '../../core/errors/api-error';
import { bodyShapeIssue, invalidRequest } from '../../core/validation/invalid-request';
import { MAX_JSON_DEPTH, nestsDeeperThan, readBody, tooDeep } from '../../http/request-body';
import { nativeRequest, type HttpRequestLike } from '../../http/native-http';
import { utf8BodyText } from '../../http/utf8-body';
import {
  compileValidator,
  CONTACT_SCHEMA,
  type ContactFields,
  type FieldIssue,
  type ObjectRule,
} from '../../lib/contact';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { QR_STYLE_RULE } from '../../lib/qr/style/qr-style-rule';

/** A POST /v1/qrcodes body, its shape and its contact checked (the style's values are judged next). */
export interface QrCodeBody {
  contact: ContactFields;
  style?: QrStyle;
}

/** The body, declared as rules: the contact's fields at `contact.<path>`, the style's at `style.<path>`. */
export const QRCODE_BODY_RULE: ObjectRule = {
  kind: 'object',
  schemaName: 'QrCodeRequest',
  fields: { contact: CONTACT_SCHEMA, style: QR_STYLE_RULE },
};

const validateBody = compileValidator<{ contact?: ContactFields; style?: QrStyle }>(QRCODE_BODY_RULE);

const CONTACT_REQUIRED: FieldIssue = { field: 'contact', issue: 'required', message: 'contact is required' };

/**
 * The checked body: a body that is not an object, an unknown key anywhere, a wrong JSON type or an
 * invalid contact is a 400 invalid_request listing each issue at its path
 * (`contact.phones[1].number`, `style.colour`), never a value.
 */
export function checkQrCodeBody(body: unknown): QrCodeBody {
  const shape = bodyShapeIssue(body);
  if (shape) throw invalidRequest([shape]);
  const outcome = validateBody(body);
  const contactMissing = (body as { contact?: unknown }).contact == null;
  if (outcome.ok && !contactMissing) return outcome.value as QrCodeBody;
  const issues = outcome.ok ? [] : outcome.issues;
  const count = outcome.ok ? 0 : outcome.count;
  if (!contactMissing) throw invalidRequest(issues, count);
  throw invalidRequest([CONTACT_REQUIRED, ...issues], count + 1);
}

/**
 * The JSON body of a route that reads its own (the standalone app's parsers leave it unread), with
 * the rules of every JSON body: within `limitBytes` (413), JSON only (415), UTF-8 (400
 * invalid_encoding), nested at most MAX_JSON_DEPTH deep, parseable (400 invalid_json). A body a
 * host's parser already read is taken as it is; no body at all is undefined.
 */
export async function readJsonBody(request: HttpRequestLike, limitBytes: number): Promise<unknown> {
  if (request.body !== undefined) return request.body;
  const raw = nativeRequest(request);
  const type = raw.headers['content-type'];
  if (type === undefined) return undefined;
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new ApiError('unsupported_media_type');
  const bytes = await new Promise<Buffer>((resolve, reject) =>
    readBody(raw, raw.headers['content-length'], limitBytes, null, (error, chunks, length) =>
      error ? reject(error) : resolve(Buffer.concat(chunks, length)),
    ),
  );
  const decoded = utf8BodyText(bytes, type, 'JSON', 'application/json');
  if (decoded instanceof ApiError) throw decoded;
  // As any JSON body: a leading byte order mark is read past, an empty body is invalid.
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  if (text === '') throw new ApiError('invalid_json');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw tooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_json');
  }
}
