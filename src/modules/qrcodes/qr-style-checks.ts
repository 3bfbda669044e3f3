import { ApiError } from '../../core/errors/api-error';
import { bodyShapeIssue, invalidRequest } from '../../core/validation/invalid-request';
import { compileValidator, MAX_LISTED_ISSUES, type ObjectRule } from '../../lib/contact';
import { judgeQrStyle, type QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { notoCaptionFont } from '../../lib/qr/style/noto-caption-font';
import type { QrLevel, QrStyle, QrStyleIssue } from '../../lib/qr/style/qr-style';
import { QR_STYLE_RULE } from '../../lib/qr/style/qr-style-rule';

const validateStyleShape = compileValidator<{ style?: QrStyle }>({
  kind: 'object',
  fields: { style: QR_STYLE_RULE },
} satisfies ObjectRule);

/**
 * A bare QrStyle body (PUT /v1/batches/{id}/style) with its shape checked: a body that is not an
 * object, an unknown key or a wrong JSON type is a 400 invalid_request at `style.<path>`.
 */
export function styleBody(body: unknown): QrStyle {
  const shape = bodyShapeIssue(body);
  if (shape) throw invalidRequest([shape]);
  return checkedStyleShape(body) ?? {};
}

/** A style's shape checked (absent stays absent), as the schema engine checks every body. */
export function checkedStyleShape(style: unknown): QrStyle | undefined {
  const outcome = validateStyleShape({ style });
  if (!outcome.ok) throw invalidRequest(outcome.issues, outcome.count);
  return outcome.value.style;
}

/** Whether a style draws the plain code: none, or an empty object. */
export function isPlainStyle(style: QrStyle | undefined): boolean {
  return style === undefined || Object.keys(style).length === 0;
}

/**
 * A style's values judged for a code drawn with this margin and, if asked for, this level: the
 * style to draw, the level (H for a logo unless one was asked for), contrast and warnings; or a
 * 400 invalid_style listing each refused value. Captions are drawn from the shipped font; a logo's
 * pixels are decoded only when drawn, off the event loop.
 */
export function judgeStyle(style: QrStyle, options: { qrLevel?: QrLevel; margin: number }): QrStyleJudgement {
  const judged = judgeQrStyle(style, { ...options, font: notoCaptionFont() });
  if (judged.issues.length > 0) throw invalidStyle(judged.issues);
  return judged;
}

/** The 400 of refused style values: each path and issue word, never a value. */
export function invalidStyle(issues: readonly QrStyleIssue[]): ApiError {
  return new ApiError('invalid_style', {
    details: { fields: issues.slice(0, MAX_LISTED_ISSUES), fieldCount: issues.length },
  });
}
