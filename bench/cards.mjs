// Request bodies shared by the load runs and the encoder loop.

/** A typical business card: every field but note, about 300 bytes of vCard. */
export const TYPICAL_CARD = Object.freeze({
  fullName: 'Ada Lovelace',
  organization: 'Analytical Engines Ltd',
  title: 'Principal Engineer',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
  website: 'https://example.com/ada',
  address: "12 St James's Square, London SW1Y 4JH",
});

/**
 * A large card (about 2 KB of vCard; QR version 33 at level L): long address and note with non-ASCII text, so folding
 * works.
 */
export const LARGE_CARD = Object.freeze({
  ...TYPICAL_CARD,
  fullName: 'Dr. Zoë Ångström-Łukasiewicz',
  address: 'Büro 4.12, Friedrichstraße 123, Hinterhaus, 3. Obergeschoss\n10117 Berlin\nDeutschland',
  note:
    'Met at the QR conference in Kraków — keynote on error-correction levels. '.repeat(20) +
    'Prefers email; 日本語 OK. Available Mon–Fri 09:00–17:00 CET. 🎉',
});

/**
 * The rich card of issue 25's target: a structured name, 2 phones, 2 emails, 1 structured address, 1 social profile.
 */
export const RICH_CARD = Object.freeze({
  fullName: 'Ada Lovelace',
  name: { family: 'Lovelace', given: 'Ada', prefix: 'Countess' },
  organization: 'Analytical Engines Ltd',
  title: 'Principal Engineer',
  phones: [
    { number: '+44 20 7946 0958', type: 'work' },
    { number: '+44 7700 900123', type: 'cell', pref: true },
  ],
  emails: [
    { address: 'ada@example.com', type: 'work' },
    { address: 'ada@home.example', type: 'home' },
  ],
  website: 'https://example.com/ada',
  addresses: [
    { street: "12 St James's Square", locality: 'London', postalCode: 'SW1Y 4JH', country: 'United Kingdom' },
  ],
  socialProfiles: [{ service: 'linkedin', url: 'https://www.linkedin.com/in/ada' }],
});
