import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { ContactFields } from '../../lib/vcard';
import { findTemplate, Template, TEMPLATE_CATALOGUE } from './template-catalogue';
import { decodeTemplateCursor, encodeTemplateCursor } from './template-cursor';

export interface TemplatePage {
  data: Template[];
  pagination: { limit: number; cursor: string; next_cursor: string | null; has_more: boolean };
}

@Injectable()
export class TemplatesService {
  list(limit: number, cursor: string | undefined): TemplatePage {
    let start = 0;
    if (cursor !== undefined) {
      const afterId = decodeTemplateCursor(cursor);
      const found = afterId === null ? undefined : findTemplate(afterId);
      if (!found) throw new ApiError('invalid_cursor', { details: { parameter: 'cursor' } });
      start = found.index + 1;
    }
    const data = TEMPLATE_CATALOGUE.slice(start, start + limit);
    const hasMore = start + limit < TEMPLATE_CATALOGUE.length;
    return {
      data,
      pagination: {
        limit,
        cursor: cursor ?? '',
        next_cursor: hasMore ? encodeTemplateCursor(data[data.length - 1].id) : null,
        has_more: hasMore,
      },
    };
  }

  get(id: string): Template {
    const found = findTemplate(id);
    if (!found) throw new ApiError('template_not_found');
    return found.template;
  }

  /**
   * For `?template=` on vCard creation: fails with 400 when the contact lacks a required field.
   * An unknown id is a bad query parameter here (the vCard is the resource, not the template).
   */
  assertRequirements(templateId: string, contact: ContactFields): void {
    const found = findTemplate(templateId);
    if (!found) {
      throw new ApiError('invalid_query', {
        message: 'The query parameter template names no known template.',
        hint: 'Pick an id from GET /v1/templates, or omit the template parameter.',
        details: { parameter: 'template', issue: 'unknown_template' },
      });
    }
    const missingFields = found.template.requiredFields.filter((field) => !contact[field]);
    if (missingFields.length > 0) {
      throw new ApiError('template_requirements_not_met', {
        details: { template: templateId, missingFields },
      });
    }
  }
}
