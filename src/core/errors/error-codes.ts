import { CONTACT_CSV_HINT_COLUMNS, CONTACT_NEVER_LEFT_OUT_DOCS } from '../../lib/contact';

/**
 * The one registry of error codes. The exception filter, the OpenAPI error responses and the
 * /docs/errors catalogue page are all generated from it, so they cannot drift apart.
 */
export interface ErrorCodeSpec {
  status: number;
  /** Default human message; never contains submitted values. */
  message: string;
  /** What a program should do next. */
  hint: string;
  /** When the code is used (catalogue page and OpenAPI descriptions). */
  when: string;
}

export const ERROR_CODES = {
  invalid_request: {
    status: 400,
    message: 'The request body failed validation.',
    hint: 'Fix the fields listed in error.details.fields and send the request again.',
    when: 'The body is missing, is not a JSON object, or a field is missing, of the wrong type, too long, malformed or unknown. details.fields lists them as {field, issue, message}, at most 20; details.fieldCount counts them all.',
  },
  invalid_json: {
    status: 400,
    message: 'The request body is not valid JSON.',
    hint: 'Send a JSON object with Content-Type: application/json.',
    when: `The body could not be parsed as JSON, was empty while declared as JSON, or nests arrays or objects more than 64 levels deep (details.maxDepth).`,
  },
  invalid_encoding: {
    status: 400,
    message: 'The request body is not valid UTF-8.',
    hint: 'Encode the JSON body as UTF-8 (RFC 8259 §8.1); a client sending Latin-1 or another charset must convert first.',
    when: 'The body holds bytes that are not UTF-8 (invalid, overlong or surrogate encodings). Nothing was read from it.',
  },
  invalid_csv: {
    status: 400,
    message: 'The CSV body could not be read.',
    hint: `Send UTF-8 CSV with a header row naming contact columns (${CONTACT_CSV_HINT_COLUMNS}; details.columns lists the forms); quote fields that hold commas, quotes or line breaks.`,
    when: 'POST /v1/batches with Content-Type: text/csv whose text is not well-formed CSV (details.line), has no header row, names a column twice, or names a column that is not a contact column of docs/contact.md#csv-columns (details.column).',
  },
  invalid_vcard: {
    status: 400,
    message: 'The vCard could not be imported.',
    hint: 'Fix the card at error.details.line (details.issue says what is wrong there), or export it again from the address book.',
    when: "A vCard body (Content-Type: text/vcard, text/x-vcard or text/directory), or a card of an address-book export in a batch (the item fails, not the batch), cannot be read or names nobody. details: {line, issue}, the 1-based line of the file, and issue: no_begin (no BEGIN:VCARD), no_end (no END:VCARD), invalid_encoding (bytes that are not text in the card's charset), line_too_long (an unfolded line over 1 MiB other than a skipped photo) or no_name (no FN, N or ORG the contact rules accept). Never a value.",
  },
  invalid_zip: {
    status: 400,
    message: 'The ZIP archive could not be read.',
    hint: 'Send a ZIP of images (stored or deflated, not encrypted), written again by a common archiver if this one was.',
    when: 'POST /v1/batches with Content-Type: application/zip whose body is not a ZIP archive or cannot be read to its end. details: {issue, entry}, entry the 1-based place of the entry in the archive and issue: not_a_zip, truncated, corrupt (bad sizes or CRC), encrypted, compression (a method other than stored or deflated), unsafe_name (an absolute path, a drive, .. or a backslash in a name) or no_files (no file besides directories, __MACOSX and hidden files). Never a name.',
  },
  too_many_contacts: {
    status: 400,
    message: 'The body holds more than one vCard.',
    hint: 'Send one card per request, or send the whole file to POST /v1/batches, which takes an address-book export.',
    when: 'POST /v1/vcard or POST /v1/jobs/vcard with a vCard body that holds more than one card. details.cards counts them.',
  },
  invalid_query: {
    status: 400,
    message: 'A query parameter is invalid.',
    hint: 'Correct the query parameter named in error.details.parameter.',
    when: 'A query parameter has a value outside its documented range or type, or one the other parameters rule out (nfc with format=mecard). details.parameter names it.',
  },
  invalid_cursor: {
    status: 400,
    message: 'The pagination cursor was not issued by this service.',
    hint: 'Pass pagination.next_cursor from a previous response unchanged, or omit cursor to start over.',
    when: 'The templates cursor is malformed or was altered.',
  },
  invalid_idempotency_key: {
    status: 400,
    message: 'The Idempotency-Key header is invalid.',
    hint: 'Send 1 to 255 visible ASCII characters, for example a UUID, or omit the header.',
    when: 'Idempotency-Key is empty, longer than 255 characters, or contains characters other than visible ASCII.',
  },
  invalid_url: {
    status: 400,
    message: 'The request URL is malformed.',
    hint: 'Percent-encode the URL correctly: every % starts a valid UTF-8 byte sequence such as %C3%A9.',
    when: 'The URL has bad percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8).',
  },
  bad_request: {
    status: 400,
    message: 'The HTTP request is malformed.',
    hint: 'Send a well-formed HTTP/1.1 request.',
    when: 'The HTTP request line or headers could not be parsed.',
  },
  jsonrpc_batch_refused: {
    status: 400,
    message: 'The MCP request body is a JSON-RPC batch; send one message per POST.',
    hint: 'Send each JSON-RPC request in a POST of its own (MCP has no batches since 2025-06-18); each one is charged one unit of the rate budget.',
    when: 'POST /mcp with a JSON array body. Nothing in it was run; the POST itself costs one unit. Answered as a JSON-RPC error (code -32600) whose data is this Error JSON.',
  },
  qr_capacity_exceeded: {
    status: 400,
    message: 'The vCard is too large for any QR code.',
    hint: 'Shorten or drop the field named in error.details.longestField (often note or address) so the payload fits in error.details.maxBytes bytes.',
    when: 'The UTF-8 payload exceeds 2953 bytes (QR version 40, level L). details: {bytes, maxBytes, longestField}. For a QR image (Accept: image/png or image/svg+xml), the payload exceeds what version 40 holds at the requested qrLevel: details {bytes, maxBytes, qrLevel}; a lower qrLevel may hold it.',
  },
  qr_budget_exceeded: {
    status: 400,
    message: 'The vCard does not fit the requested QR version even with every optional property left out.',
    hint: 'Ask for a larger qrVersion or a lower qrLevel (details.capacity is what the requested code holds, details.bytes what the card needs at least), or shorten the name, the first phone or the first email.',
    when: 'With ?qrVersion= (and qrLevel), the payload with every property the budget may leave out gone (docs/contact.md#qr-budget) is still larger than that QR code holds. details: {qrVersion, qrLevel, capacity, bytes}.',
  },
  nfc_capacity_exceeded: {
    status: 400,
    message: 'The vCard does not fit the requested NFC tag even with every optional property left out.',
    hint: `Ask for a larger nfc tag (details.capacity is what the tag holds, details.bytes what the card needs at least), or shorten what is never left out: ${CONTACT_NEVER_LEFT_OUT_DOCS}.`,
    when: "With ?nfc=, the tag content (NDEF TLV, message and terminator TLV) of the card with every property the QR budget may leave out gone is larger than the tag's user memory; in a batch, that contact's item fails with it. details: {tag, capacity, bytes}. With qrVersion too, a card that fits neither is qr_budget_exceeded.",
  },
  invalid_style: {
    status: 400,
    message: 'A value of the QR style is invalid.',
    hint: 'Fix the style values listed in error.details.fields (each names its path, such as style.colors.dark, and an issue word), then send the request again.',
    when: 'POST /v1/qrcodes, PUT /v1/batches/{id}/style, a batch created with a style, or the create_vcard_qr_code tool, with a style whose shape is right but a value is not: a malformed colour (format), a gradient with a type other than linear or radial, a rotation on a radial one, other than 2 to 4 stops, or an offset outside 0 to 1 or below the one before it (invalid_value at its path, such as style.colors.dark.stops[1].offset), dark, finder, finderFrame or finderBall colours under 3:1 against colors.light (low_contrast; a gradient by its least contrasting pair of stops) or lighter than it (inverted, at style.colors.dark), a value outside its set or range (invalid_value), a caption over 24 characters (too_long) or with characters the shipped font lacks (unsupported_characters), a logo that is not a whole PNG, JPEG or SVG data URL (invalid_value), over 256 KiB or 2048 px a side (too_large), an SVG logo with scripts, foreignObject, a DOCTYPE, <text> or outside references (unsafe), or a logo that clears more of the code than its level recovers (too_large at style.logo.size). details.fields: [{field, issue, message}]; no value is echoed.',
  },
  template_requirements_not_met: {
    status: 400,
    message: 'The contact lacks fields that the chosen template requires.',
    hint: 'Add the fields listed in error.details.missingFields, or choose another template.',
    when: "?template=<id> was given and a field in that template's requiredFields is missing. details: {template, missingFields}.",
  },
  forbidden_host: {
    status: 403,
    message: 'The Host header is not allowed for this endpoint.',
    hint: 'Call the service through one of its configured host names.',
    when: 'The /mcp Host header is not in ALLOWED_HOSTS (protection against DNS rebinding).',
  },
  forbidden_origin: {
    status: 403,
    message: 'The Origin header is not allowed for this endpoint.',
    hint: 'Call the MCP endpoint from one of the web origins the operator allows, or from a client that is not a browser.',
    when: 'A browser request to /mcp whose Origin is not in MCP_ALLOWED_ORIGINS (when that list is set; by default every origin is answered).',
  },
  not_found: {
    status: 404,
    message: 'No route matches this URL.',
    hint: 'Check the path against /openapi.json; every route exists under /v1 and /api/v1.',
    when: 'No route matches the path.',
  },
  job_not_found: {
    status: 404,
    message: 'No job has this id.',
    hint: 'Jobs expire after a while; create a new one with POST /v1/jobs/vcard.',
    when: 'The job id is unknown, malformed or expired.',
  },
  batch_not_found: {
    status: 404,
    message: 'No batch has this id.',
    hint: 'Batches expire JOB_TTL_SECONDS after creation; create a new one with POST /v1/batches.',
    when: 'The batch id is unknown, malformed or expired.',
  },
  template_not_found: {
    status: 404,
    message: 'No template has this id.',
    hint: 'List the available ids with GET /v1/templates.',
    when: 'The template id is unknown.',
  },
  method_not_allowed: {
    status: 405,
    message: 'This method is not allowed on this path.',
    hint: 'Use one of the methods listed in the Allow header.',
    when: 'The path exists but not with this method. The Allow header lists the allowed methods.',
  },
  not_acceptable: {
    status: 406,
    message: 'The route cannot answer in any media type the Accept header asks for.',
    hint: 'Ask for one of the media types in error.details.available, or send Accept: */*.',
    when: 'POST /v1/vcard with an Accept header that asks only for image types other than image/png and image/svg+xml (an Accept without any image type is answered in JSON, as before), or POST /v1/qrcodes with an Accept that matches none of image/png, image/svg+xml, application/json, application/pdf and application/postscript. details.available lists every media type the route answers with (on POST /v1/vcard: application/json, text/vcard, image/png, image/svg+xml, application/pdf, application/postscript, and application/octet-stream with ?nfc=).',
  },
  request_timeout: {
    status: 408,
    message: 'The request was not received in time.',
    hint: 'Send the whole request (headers and body) within REQUEST_TIMEOUT_MS, then retry on a new connection.',
    when: 'A client took longer than REQUEST_TIMEOUT_MS (15 s by default) to send its headers and body. The connection is closed.',
  },
  idempotency_key_reused: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request body.',
    hint: 'Use a new Idempotency-Key for a different request, or resend the original body.',
    when: 'POST /v1/jobs/vcard with a key seen before (within the job TTL) and a different body.',
  },
  batch_not_finished: {
    status: 409,
    message: 'The batch is still running.',
    hint: 'Wait until the batch status is succeeded (poll links.self or watch links.stream), then download the cards.',
    when: 'GET /v1/batches/{id}/cards.vcf, /codes.zip or /sheet.pdf, or PUT /v1/batches/{id}/style, before every contact of the batch has been processed.',
  },
  invalid_image: {
    status: 400,
    message: 'The image could not be read.',
    hint: 'Send the photo or screenshot again as a whole PNG, JPEG or WebP file of one frame (error.details.issue says what is wrong).',
    when: "POST /v1/scans: the body is not the image its Content-Type names, or is cut short, damaged, animated or carries too much metadata. details.issue: not_an_image, wrong_type (a PNG sent as image/jpeg, say), truncated, corrupt, animated (an APNG or an animated WebP: send one frame), too_small (under 21 px a side) or metadata_too_large (over 1 MiB of EXIF, ICC, XMP or comments, of a PNG's ancillary chunks, or of a WebP's chunks besides its image). A multipart/form-data body with no file, or more than one, is issue: file_count.",
  },
  no_code_found: {
    status: 422,
    message: 'No readable QR code was found in the image.',
    hint: 'Retake the photo as error.details.causes suggests: closer, steadier, the whole code and its margin in the picture, in even light.',
    when: 'POST /v1/scans with an image in which neither decoder read a QR code. details: {causes: [too_small, blurred, cut_off, too_dark, low_contrast, no_code] (the likely causes, likeliest first; no_code when the image shows no sign of one), seen: [[{x, y} x4]] (where a code was seen but could not be decoded, in image pixels), width, height}.',
  },
  qr_unreadable: {
    status: 422,
    message: 'The styled QR code did not read back to its payload, so it was not sent.',
    hint: 'Use what error.details.suggestions lists (changes the service tried and found readable), else change what error.details.causes names.',
    when: 'POST /v1/qrcodes (or the create_vcard_qr_code tool) with a style: the code was drawn but the two decoders did not both read exactly qrPayload from all its proof renderings but one. details: {decoders: {zbar: true|false, zxing: true|false}, causes: [low_contrast, logo, modules, quiet_zone, transparent] (what in the style makes codes harder to read), proof: {version, renderings, zbar, zxing}, tried: [{parameter, value}] (the changes the service tried), suggestions: [{parameter, value}] (those that passed)}.',
  },
  payload_too_large: {
    status: 413,
    message: 'The request body is too large.',
    hint: 'Send a smaller body; see error.details.maxBytes.',
    when: "The body exceeds its route's limit: BODY_LIMIT_BYTES (64 KiB by default) for JSON, BATCH_BODY_LIMIT_BYTES for a JSON or CSV batch, VCARD_BODY_LIMIT_BYTES (2 MiB) for a vCard, BATCH_VCF_BODY_LIMIT_BYTES (64 MiB) for an address-book export in a batch, SCAN_BODY_LIMIT_BYTES (10 MiB) for an image to scan (details.maxBytes); or an image to scan declares more pixels than a scan takes (details: {maxPixels, maxSide}), read from its header before any pixel is decoded.",
  },
  unsupported_media_type: {
    status: 415,
    message: 'The request body must be application/json.',
    hint: 'Send the body as JSON with Content-Type: application/json.',
    when: 'A body was sent with a content type the route does not take (application/json everywhere but POST /v1/scans; text/vcard, text/x-vcard and text/directory on POST /v1/vcard, /v1/jobs/vcard and /v1/batches; text/csv on /v1/batches; image/png, image/jpeg, image/webp and multipart/form-data on POST /v1/scans), or a JSON or CSV body with a charset other than UTF-8 (a Google or Outlook export excepted). For a type the route does not take, details.accepted lists every type it does, and the message names them.',
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests.',
    hint: 'Wait the number of seconds in the Retry-After header, then retry.',
    when: 'The client exceeded RATE_LIMIT_MAX requests in RATE_LIMIT_WINDOW_SECONDS. Retry-After and RateLimit-* headers tell when to retry.',
  },
  too_many_batches: {
    status: 429,
    message: 'This client already has the most batches allowed running at once.',
    hint: 'Wait until one of your batches has finished, then retry; details.maxActiveBatches is the limit.',
    when: 'POST /v1/batches while this client address has BATCH_MAX_ACTIVE_PER_CLIENT batches not yet finished (2 by default).',
  },
  too_many_downloads: {
    status: 429,
    message: 'This client already streams the most batch downloads allowed at once.',
    hint: 'Wait until one of your downloads has finished, then retry; details.maxActiveDownloads is the limit.',
    when: 'GET /v1/batches/{id}/sheet.pdf or /codes.zip while this client address already streams BATCH_MAX_ACTIVE_PER_CLIENT of them (2 by default).',
  },
  too_many_streams: {
    status: 429,
    message: 'This client already holds the most event streams allowed at once.',
    hint: 'Close an open stream (or let one complete), then open the new one; details.maxStreams is the limit.',
    when: 'GET /v1/stream while this client address already holds MAX_STREAMS_PER_CLIENT open streams (8 by default).',
  },
  internal_error: {
    status: 500,
    message: 'An unexpected error occurred.',
    hint: 'Retry later; if it persists, report the X-Request-Id response header.',
    when: 'Anything unexpected. The response carries no stack trace and no submitted values.',
  },
  renderer_busy: {
    status: 503,
    message: 'Every styled-code renderer is busy and the queue is full.',
    hint: 'Retry after the number of seconds in the Retry-After header; plain codes (no style) are not affected.',
    when: 'POST /v1/qrcodes (or create_vcard_qr_code) with a style while the render pool runs its most tasks and its queue is full, or while the route already reads and judges its most requests at once. Refused at once, with Retry-After; nothing is queued.',
  },
  scanner_busy: {
    status: 503,
    message: 'Every scanner is busy and its queue is full.',
    hint: 'Retry after the number of seconds in the Retry-After header; other routes are not affected.',
    when: 'POST /v1/scans (or read_qr_code) while the scan pool runs its most scans and its queue is full, or while the route already reads and scans its most images at once. Refused at once, before the image is read, with Retry-After; nothing is queued. The scans of a batch (a ZIP of images) wait for room instead.',
  },
  service_unavailable: {
    status: 503,
    message: 'A back end the service needs is unavailable.',
    hint: 'Retry after the number of seconds in the Retry-After header.',
    when: 'The shared store (Redis, when REDIS_URL is set) cannot be reached (jobs need it; vCard creation does not), or the service already holds MAX_STREAMS open event streams.',
  },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];
