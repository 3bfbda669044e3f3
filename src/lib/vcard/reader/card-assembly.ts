import { decodeValueText } from './decode-value-text';
import { headerEncoding, type PropertyHeader } from './property-header';
import type { CardEvent, ReadErrorEvent, VCardProperty, VCardVersion } from './read-event';
import { asThreeZeroEscapes } from './two-one-escapes';

/** A property as the line reader found it: its value still raw (latin1, maybe quoted-printable). */
export interface RawProperty {
  header: PropertyHeader;
  raw: string;
  line: number;
  inline: boolean;
}

/** What one property costs a card's budget besides its text: the objects that describe it. */
export const PROPERTY_OVERHEAD_BYTES = 64;

const VERSIONS: readonly string[] = ['2.1', '3.0', '4.0'];
const NESTED_BEGIN = /^[ \t]*BEGIN[ \t]*:[ \t]*VCARD[ \t]*$/i;

/**
 * The properties of one open card, collected until END:VCARD, then decoded at once: the charset
 * rules and the escapes depend on the card's version, and VERSION may come after the first values.
 */
export class CardAssembly {
  readonly properties: RawProperty[] = [];
  keptBytes = 0;
  /** Depth of vCards nested in this one (2.1 AGENT); their lines are not this card's properties. */
  nestDepth = 0;
  /** An AGENT with an empty value was the last property: a BEGIN:VCARD now starts its nested card. */
  agentWaiting: RawProperty | undefined;
  private versionText: string | undefined;
  private sawBareParam = false;

  constructor(readonly startLine: number) {}

  add(property: RawProperty, textBytes: number): void {
    this.properties.push(property);
    this.keptBytes += textBytes + PROPERTY_OVERHEAD_BYTES;
    const { name, bare } = property.header;
    if (bare) this.sawBareParam = true;
    if (name === 'VERSION' && this.versionText === undefined) this.versionText = property.raw.trim();
    this.agentWaiting = name === 'AGENT' && property.raw.trim() === '' && !property.inline ? property : undefined;
    // 2.1 writers also begin the nested card on the AGENT line itself (`AGENT:BEGIN:VCARD`).
    if (name === 'AGENT' && !property.inline && NESTED_BEGIN.test(property.raw)) {
      property.inline = true;
      property.raw = '';
      this.nestDepth = 1;
    }
  }

  /** A card without a known VERSION is 2.1 when it uses 2.1's bare parameters, else 3.0. */
  version(): VCardVersion {
    if (this.versionText !== undefined && VERSIONS.includes(this.versionText)) {
      return this.versionText as VCardVersion;
    }
    return this.sawBareParam ? '2.1' : '3.0';
  }

  finish(bom: boolean, contentTypeCharset: string | undefined): CardEvent | ReadErrorEvent {
    const version = this.version();
    const context = { bom, contentTypeCharset, version };
    const properties: VCardProperty[] = [];
    for (const { header, raw, line, inline } of this.properties) {
      const params = header.params;
      const property: VCardProperty = { name: header.name, params, value: '', line };
      if (header.group !== undefined) property.group = header.group;
      if (inline) {
        property.inline = true;
      } else {
        const quotedPrintable = headerEncoding(header) === 'quoted-printable';
        const value = decodeValueText(raw, quotedPrintable, params.CHARSET?.[0], context);
        if (value === undefined) return { kind: 'error', line, issue: 'invalid_encoding' };
        property.value = version === '2.1' ? asThreeZeroEscapes(value) : value;
      }
      properties.push(property);
    }
    return { kind: 'card', version, startLine: this.startLine, properties };
  }
}
