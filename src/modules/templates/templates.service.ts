import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { hasContactField } from '../../lib/contact';
import type { ContactFields } from '../../lib/contact';
import { findTemplate, Template } from './template-catalogue';
import { TemplatePage, templatePage } from './template-page';

export type { TemplatePage } from './template-page';

@Injectable()
export class TemplatesService {
  list(limit: number, cursor: string | undefined): TemplatePage {
    const page = templatePage(limit, cursor);
    if (!page) throw new ApiError('invalid_cursor', { details: { parameter: 'cursor' } });
    return page;
  }

  get(id: string): Template {
    const found = findTemplate(id);
    if (!found) throw new ApiError('template_not_found');
    return found.template;
  }

  /**
   * For `?template=` on vCard creation: fails with 400 when the contact lacks a required field
   * (`phone` is also met by a `phones` entry, `email` by `emails`, `website` by `urls`, `address` by `addresses`).
   * An unknown id is a bad query parameter here (the vCard is the resource, not the template).
   */
  assertRequirements(templateId: string, contact: ContactFields): void {
    const missingFields = this.known(templateId).requiredFields.filter((field) => !hasContactField(contact, field));
    if (missingFields.length > 0) {
      throw new ApiError('template_requirements_not_met', {
        details: { template: templateId, missingFields },
      });
    }
  }

  /** The template `?template=` names; an unknown id is a 400 invalid_query. */
  known(templateId: string): Template {
    const found = findTemplate(templateId);
    if (!found) {
      throw new ApiError('invalid_query', {
        message: 'The query parameter template names no known template.',
        hint: 'Pick an id from GET /v1/templates, or omit the template parameter.',
        details: { parameter: 'template', issue: 'unknown_template' },
      });
    }
    return found.template;
  }
}
