// The breakdown chart's series (BreakdownDialog): pure, so the grouping is unit-tested.
import type { Breakdown } from '@castbook/contracts';
import { speakerColor } from '../colors';

/** Voices drawn as their own series; the rest are summed into one, so the colours stay readable. */
const LEADING = 8;
const OTHERS = 'Everyone else';
export type Measure = 'lines' | 'words';

/** The chart's series for one measure: the leading voices, everyone else, and the unattributed lines. */
export function breakdownSeries(b: Breakdown, measure: Measure) {
  const perChapter = (entries: Breakdown['entries']) => {
    const values = new Array<number>(b.chapters.length).fill(0);
    for (const e of entries) for (const c of e.perChapter) values[c.chapter - 1]! += c[measure];
    return values;
  };
  const cast = b.entries.filter((e) => e.characterId !== null);
  const unattributed = b.entries.filter((e) => e.characterId === null && e.lines > 0);
  const leading = cast.slice(0, LEADING);
  const rest = cast.slice(LEADING);
  return [
    ...leading.map((e) => ({
      id: e.characterId!,
      label: e.name,
      color: speakerColor(e.characterId!, e.color ? { color: e.color } : undefined),
      data: perChapter([e]),
    })),
    ...(rest.length ? [{ id: 'others', label: OTHERS, color: '#9e9e9e', data: perChapter(rest) }] : []),
    ...(unattributed.length
      ? [{ id: 'unattributed', label: 'Unattributed', color: '#cfcfcf', data: perChapter(unattributed) }]
      : []),
  ];
}
