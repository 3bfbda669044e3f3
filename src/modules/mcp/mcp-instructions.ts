import { CONTACT_FIELD_SUMMARY, CONTACT_FILE_ONLY_FIELDS, CONTACT_LIST_SHORTHANDS } from '../../lib/contact';
import type { ServiceConfig } from '../../options/service-config';

/** Words in a sentence: `a`, `a and b`, `a, b and c`. */
const inWords = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** What the declaration says of the flat shorthands and the fields kept out of the code. */
const flatAndFileOnly =
  `the flat ${inWords(CONTACT_LIST_SHORTHANDS)} are each one more entry of type work, listed first. ` +
  `${inWords(CONTACT_FILE_ONLY_FIELDS)} ${CONTACT_FILE_ONLY_FIELDS.length === 1 ? 'goes' : 'go'} into vcard only, never into the QR code.`;

/** The server `instructions` an MCP client hands to its model: what the tools are for and how to use the output. */
export function mcpInstructions(config: ServiceConfig): string {
  const app = config.appUrl
    ? ` Dynamic QR codes, scan analytics and editing saved contacts are not offered here; they belong to the authenticated app at ${config.appUrl}, which needs the user's own sign-in.`
    : '';
  return [
    'This server turns contact details into a vCard (a digital business card) ready to be put into a QR code that phones scan to save the contact.',
    `Tools: create_vcard_payload takes the contact fields (${CONTACT_FIELD_SUMMARY}; no other fields) and returns qrPayload, vcard and qr size hints. Several typed phones, emails, URLs and structured addresses go in the lists; ${flatAndFileOnly} create_vcard_qr_code takes the same fields and returns the QR code as a PNG image to show the user (plus qrPayload as text). import_vcard takes a contact the user already has as vCard text (a .vcf file's one card) and returns the same as create_vcard_payload plus import: the imported contact (edit it and pass it to create_vcard_payload) and what was left out. list_templates pages through the vCard QR templates (business card, event badge, ...), each naming the fields it requires; use it to know which details to ask the user for. get_product_context describes the service, its privacy guarantees, field limits and REST/OpenAPI URLs; call it when you need those details, not before every payload.`,
    `For many contacts at once (up to ${config.batches.maxContacts}, as contacts or as the vcard text of an address-book export): create_vcard_batch returns a batch at once; call get_vcard_batch until its status is succeeded (every contact has an outcome; an invalid contact fails alone), then list_vcard_batch_items for each contact's result (the same as create_vcard_payload's) or error. links.vcf in the batch is one .vcf file with every card, for the user to download; links.self + '/sheet.pdf?layout=card-eu' (or card-us, badge-a6, label-l7160, label-5160) is a print-ready PDF sheet of every contact's name and QR code, to hand to the user as a link.`,
    'To draw the QR code yourself instead of calling create_vcard_qr_code: encode qrPayload exactly as returned, as its UTF-8 bytes in QR byte mode, with error correction level M. Do not transcode it to ISO-8859-1 or Shift_JIS and do not change its line breaks. vcard is the same card as .vcf file text, for a download or an attachment. If qr.warnings is not empty, tell the user the code is dense and should be printed large.',
    `Privacy: for create_vcard_payload nothing is stored or logged and no account is created; the same input always gives the same output, so a retry is safe. A batch keeps its contacts and outcomes only until it expires, ${config.jobs.ttlSeconds} s after creation, and a retried create_vcard_batch creates a second batch.`,
    'Errors: a result with isError: true carries the JSON {"error":{"code","message","hint","docsUrl","status","details"}}. Follow error.hint: for invalid_request, error.details.fields lists each rejected field as {field, issue, message}; for qr_capacity_exceeded, shorten error.details.longestField. Never invent contact details to get past an error; ask the user.' +
      app,
  ].join('\n\n');
}
