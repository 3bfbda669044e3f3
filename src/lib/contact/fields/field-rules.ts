import type { ChoiceRule, FlagRule, TextRule, ValueCheck } from '../contact-rules';
import { isValidEmail } from '../values/email';
import { isValidPhone } from '../values/phone';
import { normalizeWebsite } from '../values/website';

/** The parts of a rule a declaration gives beside its kind and limit. */
type TextOptions = Omit<TextRule, 'kind' | 'max'>;

/** A text of at most `max` code points (after cleaning). */
export const text = (max: number, options: TextOptions = {}): TextRule => ({ kind: 'text', max, ...options });

/** An http(s) URL of at most 2048 code points, held with its scheme (`https://` added to a bare domain). */
export const url = (options: TextOptions): TextRule =>
  text(2048, {
    format: 'uri',
    ...options,
    checks: [
      {
        issue: 'format',
        test: (value) => normalizeWebsite(value) !== null,
        message: (path) => `${path} must be an http or https URL (a bare domain such as example.com is accepted)`,
      },
    ],
    normalize: (value) => normalizeWebsite(value)!,
  });

export const PHONE_FORMAT: ValueCheck = {
  issue: 'format',
  test: isValidPhone,
  message: (path) =>
    `${path} must hold 3 to 20 digits and only + ( ) - . / and spaces, with an optional extension such as x123`,
};

export const EMAIL_FORMAT: ValueCheck = {
  issue: 'format',
  test: isValidEmail,
  message: (path) => `${path} must be a valid email address`,
};

/** The preferred entry of a list (PREF); at most one per list. */
export const pref: FlagRule = {
  kind: 'flag',
  once: true,
  description: 'The preferred entry of its list (PREF); at most one per list.',
};

/** The types of an email, URL or address. */
export const PLACE_TYPES = ['work', 'home', 'other'] as const;

/** Whether an email, URL or address is for work, home or other. */
export const placeType = (what: string): ChoiceRule => ({
  kind: 'choice',
  values: PLACE_TYPES,
  default: 'work',
  description: `Whether the ${what} is for work, home or other.`,
});

/** TYPE of an email, URL or address in vCard 4.0: none for `other`. */
export const V4_PLACE_TYPES = { work: 'work', home: 'home', other: null } as const;
