// Main number: an optional leading "+", then digits and the usual separators. Extension: "x123",
// "ext 123", "ext. 123", "ext.123" at the very end. No letters anywhere else, and never `, ; \`,
// so a valid phone needs no vCard escaping.
const PHONE = /^(\+?[0-9()\-./ ]+?)(?: ?(?:x|ext\.?) *([0-9]{1,10}))?$/i;
const DIGIT = /[0-9]/g;

const MIN_DIGITS = 3;
const MAX_DIGITS = 20;

/**
 * Validates a cleaned phone value. The 3–20 digit rule counts the main number only; an extension
 * may add up to 10 digits. Only ASCII digits count: dialers and vCard importers expect them.
 */
export function isValidPhone(cleaned: string): boolean {
  const match = PHONE.exec(cleaned);
  if (match === null) return false;
  const digits = match[1].match(DIGIT)?.length ?? 0;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}
