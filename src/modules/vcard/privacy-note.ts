/** The privacyNote of every VCardResponse (and part of the product context). */
export const PRIVACY_NOTE =
  "The contact fields were used only to build this response; they are not stored or logged. Render the QR code on the user's device.";
