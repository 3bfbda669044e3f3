import { declareQuery } from '../../../core/validation/query-declaration';

/** GET /v1/templates's parameters, checked. */
export interface ListTemplatesQuery {
  limit?: number;
  cursor?: string;
}

/** Templates listed per page when no limit is given. */
export const DEFAULT_TEMPLATE_LIMIT = 2;

export const LIST_TEMPLATES_QUERY = declareQuery<ListTemplatesQuery>({
  limit: { kind: 'integer', minimum: 1, maximum: 25, default: DEFAULT_TEMPLATE_LIMIT },
  cursor: {
    kind: 'text',
    max: 200,
    verbatim: true,
    description: 'pagination.next_cursor from the previous page, unchanged.',
  },
});
