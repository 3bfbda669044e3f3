import { ApiError } from '../../core/errors/api-error';
import { declareQuery, type QueryDeclaration } from '../../core/validation/query-declaration';
import { SHEET_LAYOUT_NAMES, type SheetLayoutName } from '../../lib/print';

const DECLARED = declareQuery<{ layout?: SheetLayoutName }>({
  layout: {
    kind: 'choice',
    values: SHEET_LAYOUT_NAMES,
    description:
      'Required. The sheet: card-eu (85 × 55 mm cards, 10 on A4, bleed and crop marks), card-us (3.5 × 2 in cards, 10 on Letter), badge-a6 (4 A6 badges on A4), label-l7160 (Avery L7160, 21 on A4) or label-5160 (Avery 5160, 30 on Letter).',
  },
});

/** GET /v1/batches/{id}/sheet.pdf: the layout, which has no default. */
export const SHEET_QUERY: QueryDeclaration<{ layout: SheetLayoutName }> = {
  ...DECLARED,
  validate(query) {
    const checked = DECLARED.validate(query);
    if (checked.layout === undefined)
      throw new ApiError('invalid_query', {
        message: 'The query parameter layout is missing.',
        hint: `Name the sheet: layout=${SHEET_LAYOUT_NAMES.join(', layout=')}.`,
        details: { parameter: 'layout', issue: 'required' },
      });
    return { layout: checked.layout };
  },
};
