import { findTemplate, Template, TEMPLATE_CATALOGUE } from './template-catalogue';
import { decodeTemplateCursor, encodeTemplateCursor } from './template-cursor';

export interface TemplatePage {
  data: Template[];
  pagination: { limit: number; cursor: string; next_cursor: string | null; has_more: boolean };
}

/**
 * One page of the catalogue after `cursor` (from the start without one); null when the cursor
 * does not name a template. Plain TypeScript, no Nest: the service and the bench's bare-Fastify
 * yardstick both page with it.
 */
export function templatePage(limit: number, cursor: string | undefined): TemplatePage | null {
  let start = 0;
  if (cursor !== undefined) {
    const afterId = decodeTemplateCursor(cursor);
    const found = afterId === null ? undefined : findTemplate(afterId);
    if (!found) return null;
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
