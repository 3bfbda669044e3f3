/** What the proof's readings are tallied from: which decoders, how many renderings, and how each reads. */
export interface ProofReadings<Name extends string> {
  decoders: readonly Name[];
  /** How many renderings the set has (the file as sent besides). */
  renderings: number;
  /** The set's indices in the order they are read (every one, each once). */
  order: readonly number[];
  /** Whether each decoder read the file as sent. */
  readsSent: Record<Name, boolean>;
  /** Whether a decoder reads a rendering (asked at most once for each). */
  reads(name: Name, index: number): Promise<boolean>;
}

/** Each decoder's verdict and count. */
export interface ProofTally<Name extends string> {
  passed: Record<Name, boolean>;
  read: Record<Name, number>;
}

/**
 * The proof's verdicts and counts. A decoder passes when it read the file as sent and all
 * renderings but at most one (none when the set is empty). Its count is what reading the set in
 * its own order, the file first, gives when each decoder stops as soon as its verdict is certain
 * (see setOrderCount): all but one for a pass. The renderings are asked for in `order`, and no more
 * once every verdict is certain; a failure's count then asks for any rendering before its second
 * miss in the set's order not read yet. So any order gives the same verdicts and counts as the
 * set's, and an order that puts the cheapest renderings first leaves the dearest unread when a
 * code passes with all of them read.
 */
export async function tallyProof<Name extends string>(readings: ProofReadings<Name>): Promise<ProofTally<Name>> {
  const { decoders, renderings, readsSent } = readings;
  const allowed = renderings > 0 ? 1 : 0;
  const outcomes = new Map<Name, Array<boolean | undefined>>(decoders.map((name) => [name, []]));
  const count = (name: Name, outcome: boolean) => outcomes.get(name)!.filter((read) => read === outcome).length;
  const undecided = (name: Name) =>
    readsSent[name] && count(name, false) <= allowed && count(name, true) < renderings - allowed;
  for (const index of readings.order) {
    const reading = decoders.filter(undecided);
    if (reading.length === 0) break;
    for (const name of reading) outcomes.get(name)![index] = await readings.reads(name, index);
  }
  const passed = {} as Record<Name, boolean>;
  const read = {} as Record<Name, number>;
  for (const name of decoders) {
    const known = outcomes.get(name)!;
    passed[name] = readsSent[name] && count(name, false) <= allowed;
    const outcome = async (index: number) => (known[index] ??= await readings.reads(name, index));
    read[name] = passed[name] ? renderings + 1 - allowed : await setOrderCount(readsSent[name], renderings, outcome);
  }
  return { passed, read };
}

/**
 * What a decoder reads in the set's order, the file as sent first, stopping as soon as its verdict
 * is certain: nothing when it missed the file, else the file and the renderings it read before its
 * second miss (or before all but one are read). With no renderings, the file alone.
 */
export async function setOrderCount(
  readsSent: boolean,
  renderings: number,
  outcome: (index: number) => Promise<boolean>,
): Promise<number> {
  if (!readsSent) return 0;
  const allowed = renderings > 0 ? 1 : 0;
  let read = 1;
  let missed = 0;
  for (let index = 0; index < renderings && missed <= allowed && read < renderings + 1 - allowed; index++)
    if (await outcome(index)) read++;
    else missed++;
  return read;
}
