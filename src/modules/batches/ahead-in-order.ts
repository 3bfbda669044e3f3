/**
 * `work` started on up to `ahead` items at once, its results yielded in the items' order: the
 * caller handles the earlier results while the later ones are being made, and no more than
 * `ahead` results are ever held. A failure rejects when its turn comes.
 */
export async function* aheadInOrder<Item, Result>(
  items: AsyncIterable<Item>,
  ahead: number,
  work: (item: Item) => Promise<Result>,
): AsyncGenerator<Result> {
  const running: Promise<Result>[] = [];
  for await (const item of items) {
    const result = work(item);
    // A rejection is awaited in turn; until then it must not count as unhandled.
    result.catch(() => undefined);
    running.push(result);
    if (running.length >= ahead) yield await running.shift()!;
  }
  while (running.length > 0) yield await running.shift()!;
}
