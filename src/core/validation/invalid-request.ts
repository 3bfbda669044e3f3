import { MAX_LISTED_ISSUES, type FieldIssue } from '../../lib/contact';
import { ApiError } from '../errors/api-error';

/**
 * The one way a 400 invalid_request is worded: `details.fields` lists at most MAX_LISTED_ISSUES
 * issues (so an error stays small whatever the body) and `details.fieldCount` counts them all;
 * `extra` details follow (a batch's maxContacts).
 */
export function invalidRequest(
  issues: readonly FieldIssue[],
  count = issues.length,
  extra: Record<string, unknown> = {},
): ApiError {
  return new ApiError('invalid_request', {
    details: { fields: issues.slice(0, MAX_LISTED_ISSUES), fieldCount: count, ...extra },
  });
}

/** A 400 invalid_request about one field. */
export function invalidField(field: string, issue: string, message: string, extra?: Record<string, unknown>): ApiError {
  return invalidRequest([{ field, issue, message }], 1, extra);
}

/** The issue of a body that is not a JSON object (`(body)`), or null when it is one. */
export function bodyShapeIssue(value: unknown): FieldIssue | null {
  if (value === undefined || value === null) {
    return { field: '(body)', issue: 'required', message: 'A JSON object body is required.' };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { field: '(body)', issue: 'type', message: 'The request body must be a JSON object.' };
  }
  return null;
}
