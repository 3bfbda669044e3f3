import type { EntriesSpec } from '../../contact';
import type { VCardParams } from './read-event';

/**
 * The entry key a property carries as a parameter (a social profile's service), in lower case:
 * the 4.0 parameter (SERVICE-TYPE) or the 3.0 one (the TYPE iOS writes on X-SOCIALPROFILE),
 * whichever is there, PREF aside; undefined without one.
 */
export function entryParameter(
  params: VCardParams,
  parameter: NonNullable<EntriesSpec['parameter']>,
): string | undefined {
  const candidates = [...(params[parameter.v4.toUpperCase()] ?? []), ...(params[parameter.v3.toUpperCase()] ?? [])];
  const value = candidates
    .map((candidate) => candidate.trim())
    .find((candidate) => candidate !== '' && candidate.toUpperCase() !== 'PREF');
  return value?.toLowerCase();
}
