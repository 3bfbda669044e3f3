import { Transform } from 'class-transformer';

/**
 * Turns a query string of plain decimal digits into a number and leaves anything else as it is,
 * so that IsInt rejects "2.5", "1e1", "0x10", "x" or a repeated parameter instead of coercing it.
 */
export function ToQueryInteger(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value));
}
