import { readFileSync } from 'node:fs';

/** A link of a Markdown document: its target as written, and the line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^(```|~~~)/;
// Inline links and images: [text](target) and ![alt](target), target without spaces.
const LINK = /!?\[[^\]]*\]\(([^)\s]+)\)/g;

/**
 * The parts of a Markdown file the documentation tests read: its headings (as GitHub anchors),
 * its sections, its fenced code blocks and its links. Text inside fenced blocks is neither a
 * heading nor a link, as GitHub renders it.
 */
export class MarkdownDocument {
  readonly lines: readonly string[];

  constructor(readonly text: string) {
    this.lines = text.split('\n');
  }

  static read(path: string): MarkdownDocument {
    return new MarkdownDocument(readFileSync(path, 'utf8'));
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  static anchorOf(heading: string): string {
    return heading
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
  }

  /** Every heading's anchor, with GitHub's `-1`, `-2` suffixes for repeated headings. */
  anchors(): Set<string> {
    const anchors = new Set<string>();
    const seen = new Map<string, number>();
    for (const { text } of this.headings()) {
      const base = MarkdownDocument.anchorOf(text);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    return anchors;
  }

  /** The lines under a heading, up to the next heading of the same or a higher level. */
  section(heading: string): MarkdownDocument {
    const headings = this.headings();
    const start = headings.find((candidate) => candidate.text === heading);
    if (start === undefined) throw new Error(`no heading "${heading}"`);
    const end = headings.find((candidate) => candidate.index > start.index && candidate.level <= start.level);
    return new MarkdownDocument(this.lines.slice(start.index + 1, end?.index).join('\n'));
  }

  /** The contents of the fenced code blocks whose info string is `language`, in order. */
  fencedBlocks(language: string): string[] {
    const blocks: string[] = [];
    let inFence = false;
    let current: string[] | null = null;
    for (const line of this.lines) {
      if (FENCE.test(line)) {
        if (inFence && current !== null) blocks.push(current.join('\n'));
        current = !inFence && line.slice(3).trim() === language ? [] : null;
        inFence = !inFence;
      } else current?.push(line);
    }
    return blocks;
  }

  /** Every link and image target outside code blocks and inline code. */
  links(): MarkdownLink[] {
    const links: MarkdownLink[] = [];
    this.proseLines().forEach(({ line, index }) => {
      for (const match of line.replace(/`[^`]*`/g, '').matchAll(LINK))
        links.push({ target: match[1], line: index + 1 });
    });
    return links;
  }

  private headings(): Array<{ level: number; text: string; index: number }> {
    return this.proseLines().flatMap(({ line, index }) => {
      const match = HEADING.exec(line);
      return match ? [{ level: match[1].length, text: match[2], index }] : [];
    });
  }

  private proseLines(): Array<{ line: string; index: number }> {
    const prose: Array<{ line: string; index: number }> = [];
    let inFence = false;
    this.lines.forEach((line, index) => {
      if (FENCE.test(line)) inFence = !inFence;
      else if (!inFence) prose.push({ line, index });
    });
    return prose;
  }
}
