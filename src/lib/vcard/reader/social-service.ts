import type { VCardParams } from './read-event';

/**
 * The service of a social profile in lower case: 4.0's SERVICE-TYPE, or the TYPE that iOS writes
 * on X-SOCIALPROFILE (`X-SOCIALPROFILE;type=twitter`), whichever is there; undefined without one.
 */
export function socialService(params: VCardParams): string | undefined {
  const candidates = [...(params['SERVICE-TYPE'] ?? []), ...(params.TYPE ?? [])];
  const service = candidates
    .map((value) => value.trim())
    .find((value) => value !== '' && value.toUpperCase() !== 'PREF');
  return service?.toLowerCase();
}
