import { ApiError } from '../../core/errors/api-error';
import { declareQuery, type QueryDeclaration } from '../../core/validation/query-declaration';
import type { IntegerRule, TextRule } from '../../lib/contact';
import { MODULE_MM, parsePrintSize, PRINT_DPI, PRINT_SIZE_MM, type PrintSize } from '../../lib/print';
import { CARD_PARAMETERS, IMAGE_PARAMETERS, withTagFormatRule, type CardImageQuery } from './card-query';

/** The parameters of a code printed at a physical size. */
export const PRINT_PARAMETERS = {
  size: {
    kind: 'text',
    max: 16,
    verbatim: true,
    description: `The code's printed width with its quiet zone: a number and mm, cm, in or pt (30mm, 1.25in), ${PRINT_SIZE_MM.min} to ${PRINT_SIZE_MM.max} mm. Sets the PNG's scale (with dpi), the SVG's width and height in mm, the PDF's and EPS's width (default 30mm); reported in qr.print. Modules under ${MODULE_MM.warning} mm warn small_modules; under ${MODULE_MM.refused} mm it is 400 invalid_query with details.minimumSize. Not with scale.`,
    example: '30mm',
  } satisfies TextRule,
  dpi: {
    kind: 'integer',
    minimum: PRINT_DPI.min,
    maximum: PRINT_DPI.max,
    description:
      "The PNG's resolution in dots per inch (default 300 with size), written in its pHYs chunk; with size it decides the scale. PNG and JSON only (not PDF or EPS).",
  } satisfies IntegerRule,
} as const;

/** A card's, an image's and a print's parameters, checked. */
export type PrintCardQuery = CardImageQuery & { size?: string; dpi?: number };

function printQueryError(message: string, hint: string, issue: string): ApiError {
  return new ApiError('invalid_query', {
    message: `The query parameter size is invalid: ${message}`,
    hint,
    details: { parameter: 'size', issue },
  });
}

/** `size` read and in range, and not with `scale` (one decides the other); checked before the body. */
export function withPrintRules<T extends { size?: string; scale?: number }>(
  declaration: QueryDeclaration<T>,
): QueryDeclaration<T> {
  return {
    ...declaration,
    validate(query) {
      const checked = declaration.validate(query);
      if (checked.size === undefined) return checked;
      const size = parsePrintSize(checked.size);
      if ('issue' in size && size.issue === 'format')
        throw printQueryError(
          'it must be a number and a unit (mm, cm, in or pt).',
          'Write the size as 30mm, 3cm, 1.25in or 85pt.',
          'invalid_value',
        );
      if ('issue' in size)
        throw printQueryError(
          `it must be ${PRINT_SIZE_MM.min} mm to ${PRINT_SIZE_MM.max} mm.`,
          `Ask for a size from ${PRINT_SIZE_MM.min}mm to ${PRINT_SIZE_MM.max}mm.`,
          'range',
        );
      if (checked.scale !== undefined)
        throw printQueryError(
          'size and scale cannot be given together (one decides the other).',
          'Leave out scale: with size (and dpi) the service works out the pixels per module.',
          'invalid_value',
        );
      return checked;
    },
  };
}

/** POST /v1/vcard: the card's parameters, its image's and its print size. */
export const VCARD_PRINT_QUERY = withPrintRules(
  withTagFormatRule(declareQuery<PrintCardQuery>({ ...CARD_PARAMETERS, ...IMAGE_PARAMETERS, ...PRINT_PARAMETERS })),
);

/** The checked `size`, parsed (the query's check has refused any other). */
export function printSizeOf(query: { size?: string }): PrintSize | undefined {
  if (query.size === undefined) return undefined;
  return parsePrintSize(query.size) as PrintSize;
}
