/** The place types of emails, URLs and addresses in the contact. */
export type ImportedPlaceType = 'home' | 'work' | 'other';

/**
 * An EMAIL, URL or ADR type from its TYPE values (any case): home or work, else other. INTERNET,
 * POSTAL, PARCEL, DOM and INTL describe the channel, not the place, so they change nothing.
 */
export function placeType(types: readonly string[]): ImportedPlaceType {
  const upper = types.map((type) => type.toUpperCase());
  if (upper.includes('HOME')) return 'home';
  if (upper.includes('WORK')) return 'work';
  return 'other';
}
