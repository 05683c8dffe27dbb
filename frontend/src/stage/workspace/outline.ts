// Outline tree helpers: renaming an item immutably and the rule for saving a title (SPEC §5).
import type { OutlineItem } from '@castbook/contracts';

/** The title to save, or null when the edit must not be saved (blank or unchanged). */
export function titleToSave(previous: string, edited: string): string | null {
  const t = edited.trim();
  return t && t !== previous ? t : null;
}

export function renameItem(items: readonly OutlineItem[], id: string, title: string): OutlineItem[] {
  return items.map((item) =>
    item.id === id
      ? { ...item, title }
      : item.children.length
        ? { ...item, children: renameItem(item.children, id, title) }
        : item,
  );
}

/** Ids of items with children, for expand-all. */
export function branchIds(items: readonly OutlineItem[], out: string[] = []): string[] {
  for (const i of items) {
    if (i.children.length) {
      out.push(i.id);
      branchIds(i.children, out);
    }
  }
  return out;
}

export function countItems(items: readonly OutlineItem[]): number {
  let n = 0;
  for (const i of items) n += 1 + countItems(i.children);
  return n;
}
