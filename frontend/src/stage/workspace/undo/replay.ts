// Undoing and redoing a change of a whole list (characters, quotes) onto the list as it is NOW: only
// the items the change touched move, so edits made since to other items (a voice note, another
// quote's speaker) are kept. Items are matched by id.

interface WithId {
  id: string;
}

/**
 * `current` with the change that turned `from` into `to` made again: items `to` added are added (after
 * the item before them in `to`, or at their index), items it removed are removed, items it changed
 * take their `to` version. `same` says when an item did not change (default: equal as JSON).
 */
export function replayChange<T extends WithId>(
  current: readonly T[],
  from: readonly T[],
  to: readonly T[],
  same: (a: T, b: T) => boolean = sameJson,
): T[] {
  const before = new Map(from.map((x) => [x.id, x]));
  const after = new Map(to.map((x) => [x.id, x]));
  const removed = new Set(from.filter((x) => !after.has(x.id)).map((x) => x.id));
  const result = current
    .filter((x) => !removed.has(x.id))
    .map((x) => {
      const was = before.get(x.id);
      const now = after.get(x.id);
      return was && now && !same(was, now) ? now : x;
    });
  to.forEach((x, i) => {
    if (before.has(x.id)) return;
    const at = result.findIndex((y) => y.id === x.id);
    if (at >= 0) {
      result[at] = x;
      return;
    }
    const previous = i > 0 ? result.findIndex((y) => y.id === to[i - 1]!.id) : -1;
    result.splice(previous >= 0 ? previous + 1 : Math.min(i, result.length), 0, x);
  });
  return result;
}

/** True when the change from `from` to `to` touches no item. */
export function unchanged<T extends WithId>(
  from: readonly T[],
  to: readonly T[],
  same: (a: T, b: T) => boolean = sameJson,
): boolean {
  if (from.length !== to.length) return false;
  const after = new Map(to.map((x) => [x.id, x]));
  return from.every((x) => {
    const y = after.get(x.id);
    return y !== undefined && same(x, y);
  });
}

const sameJson = <T>(a: T, b: T) => a === b || JSON.stringify(a) === JSON.stringify(b);
