import type { VCardParams } from './read-event';

/** Marked preferred: a `pref` TYPE (3.0, and 2.1's bare PREF) or 4.0's `PREF=1`. */
export function isPreferred(params: VCardParams): boolean {
  return (
    (params.TYPE?.some((type) => type.toUpperCase() === 'PREF') ?? false) ||
    (params.PREF?.some((pref) => pref.trim() === '1') ?? false)
  );
}
