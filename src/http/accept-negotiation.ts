/** One media range of an Accept header: its type (lower case), its q and its other parameters. */
export interface MediaRange {
  range: string;
  q: number;
  /** Every parameter but q, lower case, whitespace removed (`version=4.0`). */
  params: string[];
}

/**
 * What a route can answer with: one representation, the media type it is sent as, and the
 * ranges of an Accept header that ask for it, most specific first. A representation weighs the
 * highest q among the ranges of the first group the header names at all (so `image/png;q=0`
 * refuses the PNG even beside `image/*`); a group of several ranges weighs them alike.
 */
export interface Offer<R extends string> {
  representation: R;
  type: string;
  ranges: ReadonlyArray<readonly string[]>;
}

/**
 * A route's negotiation, as a table: its offers in the order that wins a tie (a missing or blank
 * Accept is the first), and what an Accept that no offer satisfies is answered with: the
 * `fallback` representation unless the header names a range under `refusedUnder` (then 406), or,
 * without a fallback, always 406.
 */
export interface NegotiationTable<R extends string> {
  offers: ReadonlyArray<Offer<R>>;
  fallback?: { representation: R; refusedUnder: string };
}

/** The ranges of a type as most routes match them: exactly, then its major type's wildcard, then any. */
export function rangesOf(type: string): ReadonlyArray<readonly string[]> {
  return [[type], [`${type.slice(0, type.indexOf('/'))}/*`], ['*/*']];
}

/**
 * The one q-value rule: a range without q weighs 1; a q that is a number weighs it clamped to
 * 0..1 (RFC 9110 §12.4.2 allows nothing outside); any other q (empty, `abc`) weighs 0.
 */
function weightOf(params: readonly string[]): number {
  const q = params.find((param) => param.startsWith('q='));
  if (q === undefined) return 1;
  const weight = Number(q.slice(2));
  return Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
}

/** The media ranges of an Accept header, in its order; none for a missing or blank one. */
export function parseAccept(accept: string | undefined): MediaRange[] {
  if (accept === undefined || accept.trim() === '') return [];
  return accept.split(',').map((part) => {
    const [range, ...rest] = part.toLowerCase().split(';');
    const trimmed = rest.map((param) => param.trim());
    return {
      range: range.trim(),
      q: weightOf(trimmed),
      params: trimmed.filter((param) => !param.startsWith('q=')).map((param) => param.replace(/\s/g, '')),
    };
  });
}

/** The weight of an offer: the highest q of the first of its range groups the header names; 0 when it names none. */
function offerWeight(groups: ReadonlyArray<readonly string[]>, ranges: readonly MediaRange[]): number {
  for (const group of groups) {
    let weight = -1;
    for (const { range, q } of ranges) if (group.includes(range) && q > weight) weight = q;
    if (weight >= 0) return weight;
  }
  return 0;
}

/**
 * The representation an Accept header asks for by a route's table: the offer of the highest
 * weight above 0 (the first listed on a tie), else the table's fallback, else null (406).
 */
export function negotiate<R extends string>(table: NegotiationTable<R>, accept: string | undefined): R | null {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return table.offers[0].representation;
  let best: R | null = null;
  let bestWeight = 0;
  for (const { representation, ranges: groups } of table.offers) {
    const weight = offerWeight(groups, ranges);
    if (weight > bestWeight) {
      best = representation;
      bestWeight = weight;
    }
  }
  if (best !== null || table.fallback === undefined) return best;
  const { representation, refusedUnder } = table.fallback;
  return ranges.some(({ range }) => range.startsWith(refusedUnder)) ? null : representation;
}

/** Every media type a table's route answers with, in its order: what a 406 lists. */
export function offeredTypes(table: NegotiationTable<string>): string[] {
  return [...new Set(table.offers.map(({ type }) => type))];
}

/** Whether the header names one of `types` with the parameter `param` (`version=4.0`), whatever its q. */
export function namesWithParam(accept: string | undefined, types: readonly string[], param: string): boolean {
  return parseAccept(accept).some(({ range, params }) => types.includes(range) && params.includes(param));
}
