import { SaxesParser, type SaxesTagNS } from 'saxes';
import { SVG_LOGO_ALLOW_LIST as ALLOWED } from './svg-logo-allow-list';

/** A cleaned SVG document, or why the logo is refused. */
export type CleanSvgLogo = { svg: string } | { issue: SvgLogoIssue };

type SvgLogoIssue = 'unsafe' | 'invalid_value' | 'too_large';

/** Judges an inline PNG or JPEG (`data:` URL) inside an SVG logo: undefined when it may be drawn. */
export type EmbeddedImageCheck = (dataUrl: string) => 'invalid_value' | 'too_large' | undefined;

interface Element {
  name: string;
  attributes: Array<[string, string]>;
  children: Element[];
  css: string;
  /** The target of a `use` (its id), to bound how far references multiply the drawing. */
  uses?: string;
}

// Elements, counting each `use` as a copy of what it points to: a logo that would draw more
// is refused before any renderer expands it (references nested ten deep multiply ten times).
const MAX_DRAWN_ELEMENTS = 20_000;
// CSS that could fetch or hide a fetch: imports, image functions, escapes that spell them.
const UNSAFE_CSS = /@import|\\|image-set\(|image\(|cross-fade\(|element\(|expression\(/i;
const URL_FUNCTION = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const INLINE_RASTER = /^data:image\/(?:png|jpeg);base64,/i;

class Refused extends Error {
  constructor(readonly issue: SvgLogoIssue) {
    super(issue);
  }
}

/**
 * An SVG logo parsed by a strict XML parser (saxes) and written again from what the allow-list
 * admits: drawing elements, their presentation attributes, `<style>` sheets and references to
 * `#ids` or inline PNG/JPEG. A DOCTYPE (entities), a processing instruction that loads a style
 * sheet, `script`, `foreignObject`, `<text>`, an event attribute or a reference to anything else
 * (`href`, `url(...)` in attributes or CSS, `@import`) refuses the logo as `unsafe`; malformed XML
 * is `invalid_value`. What is drawn is only the written copy, never the bytes sent.
 */
export function cleanSvgLogo(text: string, checkEmbedded: EmbeddedImageCheck): CleanSvgLogo {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: Array<Element | null> = [];
  let root: Element | undefined;
  const ids = new Map<string, Element>();
  try {
    parser.on('doctype', () => {
      throw new Refused('unsafe');
    });
    parser.on('processinginstruction', ({ target }) => {
      if (target.toLowerCase() === 'xml-stylesheet') throw new Refused('unsafe');
    });
    parser.on('opentag', (tag) => {
      const parent = stack.length > 0 ? stack[stack.length - 1] : undefined;
      const element = parent === null ? null : admit(tag as SaxesTagNS, checkEmbedded);
      if (element === null) inspectDropped(tag as SaxesTagNS);
      if (stack.length === 0) {
        if (!element || element.name !== 'svg') throw new Refused('invalid_value');
        root = element;
      } else if (parent && element) {
        parent.children.push(element);
      }
      const id = element?.attributes.find(([name]) => name === 'id')?.[1];
      if (element && id !== undefined) ids.set(id, element);
      stack.push(element);
    });
    const addText = (value: string): void => {
      const element = stack[stack.length - 1];
      if (element?.name !== 'style') return;
      if (UNSAFE_CSS.test(value) || hasExternalUrl(value)) throw new Refused('unsafe');
      element.css += value;
    };
    parser.on('text', addText);
    parser.on('cdata', addText);
    parser.on('closetag', () => stack.pop());
    parser.on('error', (error) => {
      throw error instanceof Refused ? error : new Refused('invalid_value');
    });
    parser.write(text).close();
  } catch (error) {
    return { issue: error instanceof Refused ? error.issue : 'invalid_value' };
  }
  if (!root) return { issue: 'invalid_value' };
  if (drawnElements(root, ids) > MAX_DRAWN_ELEMENTS) return { issue: 'unsafe' };
  return { svg: serialise(root, true) };
}

/** The element as the cleaned logo keeps it; null when it is left out; throws when it refuses the logo. */
function admit(tag: SaxesTagNS, checkEmbedded: EmbeddedImageCheck): Element | null {
  if (tag.local.toLowerCase() === 'script' || ALLOWED.namespaces.refused.includes(tag.uri)) throw new Refused('unsafe');
  if (tag.uri !== ALLOWED.namespaces.svg) return null;
  if (ALLOWED.dropped.has(tag.local)) return null;
  if (!ALLOWED.elements.has(tag.local)) throw new Refused('unsafe');
  const element: Element = { name: tag.local, attributes: [], children: [], css: '' };
  for (const attribute of Object.values(tag.attributes)) {
    const { local, uri, value } = attribute;
    checkAttribute(local, value);
    if (local === 'href' && (uri === '' || uri === ALLOWED.namespaces.xlink)) {
      const target = value.trim();
      if (target.startsWith('#')) {
        element.attributes.push(['href', target]);
        if (tag.local === 'use') element.uses = target.slice(1);
      } else if (tag.local === 'image' && INLINE_RASTER.test(target)) {
        const issue = checkEmbedded(target);
        if (issue) throw new Refused(issue);
        element.attributes.push(['href', target]);
      } else {
        throw new Refused('unsafe');
      }
    } else if (uri === '' && ALLOWED.attributes.has(local)) {
      if (local === 'style' && UNSAFE_CSS.test(value)) throw new Refused('unsafe');
      element.attributes.push([local, value]);
    }
  }
  return element;
}

/** Markup left out is still read for what would refuse the logo: a reference or a script. */
function inspectDropped(tag: SaxesTagNS): void {
  if (tag.local.toLowerCase() === 'script' || ALLOWED.namespaces.refused.includes(tag.uri)) throw new Refused('unsafe');
  if (tag.uri === ALLOWED.namespaces.svg && !ALLOWED.dropped.has(tag.local) && !ALLOWED.elements.has(tag.local))
    throw new Refused('unsafe');
  for (const { local, value } of Object.values(tag.attributes)) {
    checkAttribute(local, value);
    if (local === 'href' && !value.trim().startsWith('#')) throw new Refused('unsafe');
  }
}

function checkAttribute(local: string, value: string): void {
  if (/^on/i.test(local) || hasExternalUrl(value)) throw new Refused('unsafe');
}

/** Whether `url(...)` appears with a target other than a `#id` in the same document. */
function hasExternalUrl(value: string): boolean {
  if (!/url\(/i.test(value)) return false;
  let local = 0;
  for (const match of value.matchAll(URL_FUNCTION)) {
    if (!match[2].trim().startsWith('#')) return true;
    local++;
  }
  // A `url(` the pattern could not read whole is not trusted either.
  return local !== (value.match(/url\(/gi)?.length ?? 0);
}

function drawnElements(root: Element, ids: Map<string, Element>): number {
  const counted = new Map<Element, number>();
  const visiting = new Set<Element>();
  const count = (element: Element): number => {
    const known = counted.get(element);
    if (known !== undefined) return known;
    // A reference back into itself draws forever: count it past the limit.
    if (visiting.has(element)) return Infinity;
    visiting.add(element);
    let total = 1;
    for (const child of element.children) total += count(child);
    const target = element.uses === undefined ? undefined : ids.get(element.uses);
    if (target) total += count(target);
    visiting.delete(element);
    counted.set(element, Math.min(total, Number.MAX_SAFE_INTEGER));
    return total;
  };
  return count(root);
}

function serialise(element: Element, isRoot = false): string {
  const namespace = isRoot ? ` xmlns="${ALLOWED.namespaces.svg}"` : '';
  const attributes = element.attributes.map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join('');
  const inner = element.css ? escapeXml(element.css) : element.children.map((child) => serialise(child)).join('');
  return inner
    ? `<${element.name}${namespace}${attributes}>${inner}</${element.name}>`
    : `<${element.name}${namespace}${attributes}/>`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
