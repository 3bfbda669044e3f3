// The "More fields" part of the form, built from the contact schema itself (bundled from
// src/lib/contact by esbuild): every field beyond the eight flat ones, with the error paths the
// API uses as element ids (`f-phones[1].number`), so a rejected value is marked where it was typed.
import { CONTACT_SCHEMA } from '../../lib/contact/contact-schema';
import { element } from './dom-element';

/** The eight flat fields of the first form; they stay first and are written in index.html. */
export const FLAT_FIELDS = ['fullName', 'organization', 'title', 'phone', 'email', 'website', 'address', 'note'];

const SINGULAR = {
  phones: 'phone',
  emails: 'email',
  urls: 'URL',
  addresses: 'address',
  socialProfiles: 'social profile',
};
const WORDS = {
  name: 'Structured name',
  family: 'Family name',
  given: 'Given name',
  additional: 'Middle names',
  prefix: 'Prefix (Dr., Ms.)',
  suffix: 'Suffix (Jr., PhD)',
  poBox: 'PO box',
  postalCode: 'Postal code',
  photoUrl: 'Photo URL',
  socialProfiles: 'Social profiles',
  urls: 'More URLs',
  phones: 'More phones',
  emails: 'More emails',
  addresses: 'Structured addresses',
  pref: 'Preferred',
  url: 'URL',
};

/** `postalCode` → `Postal code`. */
export function labelOf(key) {
  if (WORDS[key]) return WORDS[key];
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One labelled control with its message slot; `path` is the API's path of the value. */
function control(path, label, rule) {
  const id = `f-${path}`;
  const describedBy = `m-${path}`;
  const wrapper = element('div', { class: rule.kind === 'flag' ? 'field check' : 'field', 'data-field': path });
  let input;
  if (rule.kind === 'choice') {
    input = element('select', { id, name: path, 'aria-describedby': describedBy });
    for (const value of rule.values)
      input.append(new Option(value, value, value === rule.default, value === rule.default));
  } else if (rule.kind === 'flag') {
    input = element('input', { id, name: path, type: 'checkbox', 'aria-describedby': describedBy });
  } else if (rule.multiLine) {
    input = element('textarea', { id, name: path, rows: 2, 'aria-describedby': describedBy });
  } else {
    const type =
      rule.format === 'date' ? 'date' : rule.format === 'uri' ? 'url' : rule.format === 'email' ? 'email' : 'text';
    input = element('input', { id, name: path, type, 'aria-describedby': describedBy });
  }
  const labelElement = element('label', { for: id }, label);
  wrapper.append(
    ...(rule.kind === 'flag' ? [input, labelElement] : [labelElement, input]),
    element('p', { class: 'message', id: describedBy }),
  );
  return wrapper;
}

/**
 * An entry's label says which list it belongs to ("Phone number", "Email type"), so no label repeats a flat field's.
 */
function entryLabel(field, key) {
  const singular = SINGULAR[field] ?? 'entry';
  if (key === 'pref') return `Preferred ${singular}`;
  if (key === 'url') return field === 'urls' ? 'URL' : 'Profile URL';
  if (field === 'addresses' && key !== 'type') return labelOf(key);
  return `${singular.charAt(0).toUpperCase()}${singular.slice(1)} ${labelOf(key).toLowerCase()}`;
}

function entryRow(field, rule, index) {
  const row = element('div', { class: 'entry', 'data-entry': `${field}[${index}]` });
  for (const [key, part] of Object.entries(rule.items.fields))
    row.append(control(`${field}[${index}].${key}`, entryLabel(field, key), part));
  return row;
}

/** One more row of a list, unless it is full; the Add button is disabled once it is. */
function addRow(field, rule, rows, add) {
  const count = rows.children.length;
  if (count >= rule.max) return null;
  const row = entryRow(field, rule, count);
  rows.append(row);
  add.disabled = count + 1 >= rule.max;
  return row;
}

/** Builds the section into `container`. */
export function buildMoreFields(container) {
  for (const [field, rule] of Object.entries(CONTACT_SCHEMA.fields)) {
    if (FLAT_FIELDS.includes(field)) continue;
    if (rule.kind === 'object') {
      const set = element('fieldset', { class: 'group', 'data-field': field }, element('legend', {}, labelOf(field)));
      const grid = element('div', { class: 'parts' });
      for (const [key, part] of Object.entries(rule.fields))
        grid.append(control(`${field}.${key}`, labelOf(key), part));
      set.append(grid, element('p', { class: 'message', id: `m-${field}` }));
      container.append(set);
    } else if (rule.kind === 'list' && rule.items.kind === 'object') {
      const rows = element('div', { class: 'entries' }, entryRow(field, rule, 0));
      const add = element(
        'button',
        { type: 'button', class: 'add', 'data-list': field },
        `Add ${SINGULAR[field] ?? 'entry'}`,
      );
      add.addEventListener('click', () => {
        const row = addRow(field, rule, rows, add);
        if (row) row.querySelector('input, textarea, select').focus();
      });
      const set = element(
        'fieldset',
        { class: 'group', 'data-field': field },
        element('legend', {}, labelOf(field)),
        rows,
        add,
      );
      set.append(element('p', { class: 'message', id: `m-${field}` }));
      container.append(set);
    } else if (rule.kind === 'list') {
      const wrapper = control(field, `${labelOf(field)} (separated by ${rule.csvSeparator ?? '|'})`, { kind: 'text' });
      container.append(wrapper);
    } else {
      container.append(control(field, labelOf(field), rule));
    }
  }
}

const valueAt = (path) => document.getElementById(`f-${path}`);

function readEntry(path, fields) {
  const entry = {};
  let hasText = false;
  for (const [key, part] of Object.entries(fields)) {
    const input = valueAt(`${path}.${key}`);
    if (!input) continue;
    if (part.kind === 'flag') {
      if (input.checked) entry[key] = true;
    } else if (part.kind === 'choice') {
      entry[key] = input.value;
    } else if (input.value.trim() !== '') {
      entry[key] = input.value;
      hasText = true;
    }
  }
  return hasText ? entry : null;
}

function typeOnly(path, fields) {
  return 'type' in fields ? { type: valueAt(`${path}.type`).value } : {};
}

/** The filled values of the section, as the API takes them; empty entries and lists are left out. */
export function readMoreFields(contact) {
  for (const [field, rule] of Object.entries(CONTACT_SCHEMA.fields)) {
    if (FLAT_FIELDS.includes(field)) continue;
    if (rule.kind === 'object') {
      const entry = readEntry(field, rule.fields);
      if (entry) contact[field] = entry;
    } else if (rule.kind === 'list' && rule.items.kind === 'object') {
      // An empty row is sent as its type alone (the API treats it as absent but keeps its index),
      // so an error names the row it is about; empty rows at the end are left out.
      const entries = [];
      for (let i = 0; valueAt(`${field}[${i}].${Object.keys(rule.items.fields)[0]}`); i++) {
        entries.push(readEntry(`${field}[${i}]`, rule.items.fields));
      }
      while (entries.length > 0 && entries[entries.length - 1] === null) entries.pop();
      if (entries.length > 0)
        contact[field] = entries.map((entry, i) => entry ?? typeOnly(`${field}[${i}]`, rule.items.fields));
    } else if (rule.kind === 'list') {
      const values = valueAt(field)
        .value.split(rule.csvSeparator ?? '|')
        .filter((value) => value.trim() !== '');
      if (values.length > 0) contact[field] = values;
    } else if (valueAt(field).value.trim() !== '') {
      contact[field] = valueAt(field).value;
    }
  }
  return contact;
}

/** Sets one control to a value of the contact (a flag's `true`, a choice's word, a text). */
function setControl(path, part, value) {
  const input = valueAt(path);
  if (!input) return;
  if (part.kind === 'flag') input.checked = value === true;
  else if (part.kind === 'choice') input.value = value ?? part.default ?? part.values[0];
  else input.value = value ?? '';
}

/**
 * Fills the section with `contact` (a contact as the API answers it), everything else emptied:
 * each list gets as many rows as it has entries (one at least), a list of words is joined by its
 * separator. The section is opened when it holds a value.
 */
export function fillMoreFields(contact) {
  let filled = false;
  for (const [field, rule] of Object.entries(CONTACT_SCHEMA.fields)) {
    if (FLAT_FIELDS.includes(field)) continue;
    const value = contact[field];
    if (value !== undefined) filled = true;
    if (rule.kind === 'object') {
      for (const [key, part] of Object.entries(rule.fields)) setControl(`${field}.${key}`, part, value?.[key]);
    } else if (rule.kind === 'list' && rule.items.kind === 'object') {
      const set = document.querySelector(`#more-fields fieldset[data-field="${field}"]`);
      const rows = set.querySelector('.entries');
      const add = set.querySelector('button.add');
      const entries = value ?? [];
      while (rows.children.length > Math.max(1, entries.length)) rows.lastElementChild.remove();
      while (rows.children.length < entries.length && addRow(field, rule, rows, add));
      add.disabled = rows.children.length >= rule.max;
      for (let i = 0; i < rows.children.length; i++) {
        for (const [key, part] of Object.entries(rule.items.fields))
          setControl(`${field}[${i}].${key}`, part, entries[i]?.[key]);
      }
    } else if (rule.kind === 'list') {
      valueAt(field).value = (value ?? []).join(rule.csvSeparator ?? '|');
    } else {
      setControl(field, rule, value);
    }
  }
  if (filled) document.getElementById('more').open = true;
}
