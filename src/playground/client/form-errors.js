// How the page tells a person what went wrong: each message next to the field it is about, worded
// with that field's label instead of the API's path; one banner (an assertive live region, so a
// screen reader reads it at once) that names the fields by their labels; the focus on the first
// field to fix. The labels are read from the form itself, so a field added to the form (or to
// "More fields", from the contact schema) is named here without a list to keep in step.

const $ = (id) => document.getElementById(id);
const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The control of an API path (`email`, `phones[1].number`), or the group of a nested object (`name`). */
function controlOf(path) {
  return $(`f-${path}`) || document.querySelector(`#card-form fieldset[data-field="${path}"]`);
}

/** What a person calls a field: its label (or its group's legend); the path itself if the form has no such field. */
export function fieldLabel(path) {
  const control = controlOf(path);
  if (!control) return path;
  const label = control.tagName === 'FIELDSET' ? control.querySelector('legend') : control.labels && control.labels[0];
  return label ? label.textContent.trim() : path;
}

/** The label, and for an entry of a list (`phones[1].number`) which one: "Phone number (row 2)". */
function fieldName(path) {
  const entry = /^\w+\[(\d+)\]\./.exec(path);
  return entry ? `${fieldLabel(path)} (row ${Number(entry[1]) + 1})` : fieldLabel(path);
}

/** The service words a message from the path (`email must be ...`); a person reads the label there. */
function personMessage(path, message) {
  return message.startsWith(path) ? `${fieldLabel(path)}${message.slice(path.length)}` : message;
}

export function clearProblems() {
  $('problem').textContent = '';
  for (const element of document.querySelectorAll('#card-form [aria-invalid]')) element.removeAttribute('aria-invalid');
  for (const slot of document.querySelectorAll('#card-form .message')) slot.textContent = '';
}

/** The banner alone, for what is about no field. */
export function reportProblem(text) {
  $('problem').textContent = text;
}

/** Writes `message` next to the field at `path`; false when the form has no such field. */
function markField(path, message) {
  const control = controlOf(path);
  const slot = $(`m-${path}`);
  if (!control || !slot) return false;
  // A field inside "More fields" is shown before it is marked.
  const more = control.closest('details');
  if (more) more.open = true;
  if (control.tagName !== 'FIELDSET') control.setAttribute('aria-invalid', 'true');
  slot.textContent = slot.textContent ? `${slot.textContent} ${message}` : message;
  return true;
}

function focusFirstMarked() {
  const first = document.querySelector('#card-form [aria-invalid="true"]');
  if (first) first.focus();
}

/** Paths in the order their fields stand on the page, which is the order a person fixes them in. */
function inFormOrder(paths) {
  const follows = (a, b) => controlOf(a).compareDocumentPosition(controlOf(b)) & Node.DOCUMENT_POSITION_FOLLOWING;
  return [...paths].sort((a, b) => (follows(a, b) ? -1 : 1));
}

/** invalid_request: each issue at its field; the banner lists the fields, and what has no field. */
function reportFieldIssues(error) {
  const issues = (error.details && error.details.fields) || [];
  const marked = new Set();
  const elsewhere = [];
  for (const issue of issues) {
    if (markField(issue.field, personMessage(issue.field, issue.message))) marked.add(issue.field);
    else elsewhere.push(issue.message);
  }
  const total = (error.details && error.details.fieldCount) || issues.length;
  const parts = [];
  if (marked.size > 0) {
    const count =
      total > issues.length ? `${total} fields, among them` : `${marked.size} field${marked.size === 1 ? '' : 's'}`;
    parts.push(`Please fix ${count}: ${listFormat.format(inFormOrder(marked).map(fieldName))}.`);
  }
  parts.push(...elsewhere);
  reportProblem(parts.length > 0 ? parts.join(' ') : error.message);
}

/** template_requirements_not_met: each missing field marked, and the template's needs in the banner. */
function reportMissingFields(error, template) {
  const name = template ? template.name : 'chosen';
  const missing = error.details.missingFields || [];
  for (const path of missing) markField(path, `${fieldLabel(path)} is required by the ${name} template.`);
  reportProblem(`The ${name} template needs ${listFormat.format(missing.map(fieldName))}.`);
}

/** The form's control of each query parameter the service may name in invalid_query. */
const PARAMETER_CONTROLS = {
  template: 'template',
  format: 'format',
  qrVersion: 'fit-version',
  qrLevel: 'level',
  nfc: 'nfc',
};

/** Marks the option control of a query parameter, with `message` in its slot when it has one. */
function markOption(parameter, message) {
  const control = $(PARAMETER_CONTROLS[parameter] || '');
  if (!control) return;
  control.setAttribute('aria-invalid', 'true');
  const slot = $(`m-${control.id}`);
  if (slot) slot.textContent = message;
}

// The tags and their capacities, as the service that served the page knows them.
const TAG_CAPACITIES = JSON.parse(document.body.dataset.nfcTagCapacities || '{}');

/** nfc_capacity_exceeded: the tag marked, the bytes in words, and the smallest tag that holds the card. */
function reportTagOverflow(details) {
  const tag = String(details.tag || '').toUpperCase();
  const larger = Object.entries(TAG_CAPACITIES).find(([, capacity]) => capacity >= details.bytes);
  const advice = larger
    ? `Choose an ${larger[0].toUpperCase()} (${larger[1]} bytes), or shorten the name, organization, first phone or first email.`
    : 'No tag offered here holds it: shorten the name, organization, first phone or first email.';
  markOption('nfc', `Needs ${details.bytes} bytes; an ${tag} holds ${details.capacity}.`);
  reportProblem(
    `This card does not fit an ${tag}, even with every optional detail left out: it needs ${details.bytes} bytes and the tag holds ${details.capacity}. ${advice}`,
  );
}

function retryWait(response) {
  const retry = Number(response.headers.get('Retry-After'));
  return Number.isFinite(retry) && retry > 0 ? `${retry} second${retry === 1 ? '' : 's'}` : 'a moment';
}

/**
 * Reports an answer in the service's Error shape (`body`, null when it had none) in a person's
 * words; `templates` are the ones the page offers, by id.
 */
export function reportError(response, body, templates) {
  const error = body && body.error;
  if (!error) {
    reportProblem(`The service answered ${response.status} without an error body.`);
    return;
  }
  const details = error.details || {};
  if (error.code === 'invalid_request') reportFieldIssues(error);
  else if (error.code === 'template_requirements_not_met') reportMissingFields(error, templates.get(details.template));
  else if (error.code === 'qr_capacity_exceeded') {
    markField(details.longestField, `${fieldLabel(details.longestField)} is the longest field: shorten it.`);
    reportProblem(`${error.message} It has ${details.bytes} bytes; a QR code holds at most ${details.maxBytes}.`);
  } else if (error.code === 'qr_budget_exceeded') {
    reportProblem(`${error.message} Choose a larger "Fit to QR version" or a lower error correction.`);
  } else if (error.code === 'nfc_capacity_exceeded') reportTagOverflow(details);
  else if (error.code === 'invalid_query' && details.parameter === 'nfc' && $('format').value === 'mecard') {
    markOption('nfc', 'An NFC tag holds a vCard: choose vCard 3.0 or 4.0 as the format.');
    reportProblem('An NFC tag carries a vCard, not a MECARD: choose vCard 3.0 or 4.0 as the format, or no tag.');
  } else if (error.code === 'invalid_query' && PARAMETER_CONTROLS[details.parameter]) {
    markOption(details.parameter, error.message);
    reportProblem(`${error.message} ${error.hint}`);
  } else if (response.status === 429) {
    reportProblem(
      `Too many requests: this address has used its rate limit. Try again in ${retryWait(response)}. (${error.message})`,
    );
  } else reportProblem(`${error.message} ${error.hint}`);
  focusFirstMarked();
}
