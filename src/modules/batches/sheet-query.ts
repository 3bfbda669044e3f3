import { ApiError } from '../../core/errors/api-error';
import { declareQuery, type QueryDeclaration } from '../../core/validation/query-declaration';
import { SHEET_FITS, SHEET_LAYOUT_NAMES, type SheetFit, type SheetLayoutName } from '../../lib/print';

const DECLARED = declareQuery<{ layout?: SheetLayoutName; fit?: SheetFit }>({
  layout: {
    kind: 'choice',
    values: SHEET_LAYOUT_NAMES,
    description:
      'Required. The sheet: card-eu (85 × 55 mm cards, 10 on A4, bleed and crop marks), card-us (3.5 × 2 in cards, 10 on Letter), badge-a6 (4 A6 badges on A4), label-l7160 (Avery L7160, 21 on A4) or label-5160 (Avery 5160, 30 on Letter).',
  },
  fit: {
    kind: 'choice',
    values: SHEET_FITS,
    default: 'auto',
    description:
      "How a card too dense for the layout's code box (modules of at least 0.40 mm) is fitted. auto (the default): the QR budget leaves out properties in its order, then, when that is not enough, the code is a MECARD of the name and what fits of the rest, leaving out the text lines the item prints beside the code first, then the rest last first. exact: the QR budget alone; a card that still does not fit is left out of the sheet.",
  },
});

/** GET /v1/batches/{id}/sheet.pdf: the layout, which has no default, and how cards are fitted. */
export const SHEET_QUERY: QueryDeclaration<{ layout: SheetLayoutName; fit: SheetFit }> = {
  ...DECLARED,
  validate(query) {
    const checked = DECLARED.validate(query);
    if (checked.layout === undefined)
      throw new ApiError('invalid_query', {
        message: 'The query parameter layout is missing.',
        hint: `Name the sheet: layout=${SHEET_LAYOUT_NAMES.join(', layout=')}.`,
        details: { parameter: 'layout', issue: 'required' },
      });
    return { layout: checked.layout, fit: checked.fit ?? 'auto' };
  },
};
