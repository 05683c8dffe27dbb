// The titles the user gave chapters and parts (PATCH …/outline) outlive a new detection of the outline
// (issue 19: a revised manuscript keeps the user's work on unchanged text). The outline is detected
// again whenever the text is replaced (and on POST …/detect-structure); an item found again, same
// type at the same place, keeps the title it had. On a new text "the same place" is where the old
// heading line now is, provided the revision left that line as it was: a heading the author rewrote
// takes its new words. Only titles carry over: items the user added, removed or re-bounded are
// detected afresh.
import type { OutlineItem } from '@castbook/contracts';

const placeOf = (item: Pick<OutlineItem, 'type' | 'startOffset'>) => `${item.type}@${item.startOffset}`;

/** The line (without its end) that starts at or runs through `offset`, from `offset` on. */
const lineFrom = (text: string, offset: number) => {
  const end = text.indexOf('\n', offset);
  return text.slice(offset, end < 0 ? text.length : end);
};

function* itemsOf(outline: readonly OutlineItem[]): Generator<OutlineItem> {
  for (const item of outline) {
    yield item;
    yield* itemsOf(item.children);
  }
}

/**
 * The stored outline's items whose heading line a revision left unchanged, at their place in the new
 * text (`moved` maps old offsets to new ones: text-moves.ts), as a flat list for carryTitles.
 */
export function itemsKept(
  outline: readonly OutlineItem[],
  moved: (offset: number) => number,
  oldText: string,
  newText: string,
): OutlineItem[] {
  const kept: OutlineItem[] = [];
  for (const item of itemsOf(outline)) {
    const start = moved(item.startOffset);
    if (lineFrom(oldText, item.startOffset) !== lineFrom(newText, start)) continue;
    kept.push({ ...item, startOffset: start, endOffset: moved(item.endOffset), children: [] });
  }
  return kept;
}

/** `detected` with the title of the stored item of the same type at the same place, where there is one. */
export function carryTitles(stored: readonly OutlineItem[], detected: OutlineItem[]): OutlineItem[] {
  const titles = new Map<string, string>();
  for (const item of itemsOf(stored)) titles.set(placeOf(item), item.title);
  if (titles.size === 0) return detected;
  const carry = (items: OutlineItem[]): OutlineItem[] =>
    items.map((item) => ({ ...item, title: titles.get(placeOf(item)) ?? item.title, children: carry(item.children) }));
  return carry(detected);
}
