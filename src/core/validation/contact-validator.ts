import { Injectable } from '@nestjs/common';
import { bodyShapeIssue, invalidRequest } from './invalid-request';
import { validateContact } from '../../lib/contact';
import type { ContactFields } from '../../lib/contact';

/**
 * The one validation of a contact, for every surface that takes one: REST bodies, jobs, each batch
 * contact (JSON or CSV row) and the MCP tools. The rules are the contact schema's
 * (lib/contact/contact-schema.ts); a rejection is a 400 invalid_request whose details list each
 * issue at its exact path (`phones[1].number`), never the value.
 */
@Injectable()
export class ContactValidator {
  /** The cleaned contact, or throws ApiError invalid_request. */
  validate(body: unknown): ContactFields {
    if (body === undefined || body === null) throw invalidRequest([bodyShapeIssue(body)!]);
    const outcome = validateContact(body);
    if (outcome.ok) return outcome.value;
    throw invalidRequest(outcome.issues, outcome.count);
  }
}
