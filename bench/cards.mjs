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

/** A large card (about 2 KB of vCard; QR version 33 at level L): long address and note with non-ASCII text, so folding works. */
export const LARGE_CARD = Object.freeze({
  ...TYPICAL_CARD,
  fullName: 'Dr. Zoë Ångström-Łukasiewicz',
  address: 'Büro 4.12, Friedrichstraße 123, Hinterhaus, 3. Obergeschoss\n10117 Berlin\nDeutschland',
  note:
    'Met at the QR conference in Kraków — keynote on error-correction levels. '.repeat(20) +
    'Prefers email; 日本語 OK. Available Mon–Fri 09:00–17:00 CET. 🎉',
});
