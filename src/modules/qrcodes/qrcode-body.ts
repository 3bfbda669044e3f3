import { bodyShapeIssue, invalidRequest } from '../../core/validation/invalid-request';
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
