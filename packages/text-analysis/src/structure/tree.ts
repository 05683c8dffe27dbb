// Builds the outline tree from headings in text order: each item runs from its heading to the
// next heading of the same or higher rank (or the end of the book), so parents span their children.
import type { OutlineItem } from '@castbook/contracts';
import type { Heading } from './headings.js';
import { rank } from './rank.js';

export function buildTree(headings: Heading[], bodyEnd: number): OutlineItem[] {
  const roots: OutlineItem[] = [];
  const open: { item: OutlineItem; rank: number }[] = [];
  for (const h of headings) {
    const r = rank(h.type);
    while (open.length && open.at(-1)!.rank <= r) open.pop()!.item.endOffset = h.start;
    const parent = open.at(-1)?.item ?? null;
    const siblings = parent ? parent.children : roots;
    const ordinal = siblings.filter((s) => s.type === h.type).length + 1;
    // Ids are paths of ordinals ("volume-2/chapter-1"): the same text always gives the same ids.
    const id = `${parent ? `${parent.id}/` : ''}${h.type}-${ordinal}`;
    const item: OutlineItem = {
      id,
      parentId: parent?.id ?? null,
      type: h.type,
      title: h.title,
      startOffset: h.start,
      endOffset: bodyEnd,
      children: [],
    };
    siblings.push(item);
    open.push({ item, rank: r });
  }
  return roots;
}
