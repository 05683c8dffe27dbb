// The book's text as a virtualised list of paragraph blocks (@tanstack/react-virtual): only the
// blocks on screen are in the DOM, so a 3 MB book opens and scrolls like a short one. Quotes are
// painted in their speaker's colour; the selected range (an outline item, a quote) is highlighted.
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Box, useTheme } from '@mui/material';
import type { Character, Quote } from '@castbook/contracts';
import { blockIndexAt, blockText, groupBlocks, groupIndexOf, type TextBlock } from './text-blocks';
import { segmentsFor, type Range } from './segments';
import { speakerColor, withAlpha } from './colors';
import { markRuns, type FindMarks } from './find/search';

export interface ContentViewerHandle {
  /**
   * Scrolls so the block holding `offset` is at the top; with 'match', so the current search match
   * (painted from `find`) is in the middle, and not at all when it is already on screen.
   */
  scrollToOffset(offset: number, focus?: 'block' | 'match'): void;
  /** The offset of the first block on screen. */
  topOffset(): number;
}

interface Props {
  content: string;
  blocks: TextBlock[];
  /** In reading order, without overlaps (orderQuotes). */
  quotes: Quote[];
  characters: Map<string, Character>;
  selection: Range | null;
  activeQuoteId: string | null;
  onQuoteClick(quote: Quote, anchor: HTMLElement): void;
  /** The book search's matches, painted over the text (find/). */
  find?: FindMarks | null;
  /** A heading shown before a block (by its start): the chapter of a filtered character's lines. */
  labels?: ReadonlyMap<number, string> | null;
}

const FONT_PX = 17;
const LINE_PX = 30;
const BLOCK_GAP_PX = 16;
const PAD_X = 28;
/** Average glyph width of the reading font, as a share of its size. */
const CHAR_EM = 0.48;

function estimateHeight(block: TextBlock, width: number): number {
  const perLine = Math.max(12, Math.floor((width - 2 * PAD_X) / (FONT_PX * CHAR_EM)));
  return Math.ceil((block.end - block.start) / perLine) * LINE_PX + BLOCK_GAP_PX;
}

interface Paint {
  name(speakerId: string | null): string;
  color(speakerId: string): string;
  tint: number;
}

const Block = memo(function Block({
  content,
  block,
  quotes,
  selection,
  activeQuoteId,
  paint,
  find,
  label,
}: {
  content: string;
  block: TextBlock;
  quotes: Quote[];
  selection: Range | null;
  activeQuoteId: string | null;
  paint: Paint;
  find: FindMarks | null;
  label: string | undefined;
}) {
  const text = useMemo(() => blockText(content, block), [content, block]);
  const segments = useMemo(() => segmentsFor(block, quotes, selection), [block, quotes, selection]);
  const paragraph = (
    <p data-offset={block.start}>
      {segments.map((s) => {
        const piece = find
          ? marked(text, block.start, s, find)
          : text.slice(s.start - block.start, s.end - block.start);
        const q = s.quote;
        if (!q) return s.selected ? <mark key={s.start}>{piece}</mark> : piece;
        const speaker = paint.name(q.speakerId);
        const classes = ['q'];
        if (q.speakerId === null) classes.push('q-none');
        if (s.selected) classes.push('q-sel');
        if (q.id === activeQuoteId) classes.push('q-active');
        const color = q.speakerId === null ? null : paint.color(q.speakerId);
        return (
          <span
            key={s.start}
            className={classes.join(' ')}
            data-quote-id={q.id}
            data-speaker={q.speakerId ?? ''}
            role="button"
            tabIndex={0}
            title={`Speaker: ${speaker}`}
            aria-label={`Quote by ${speaker}. Change speaker`}
            style={color ? { backgroundColor: withAlpha(color, paint.tint), borderBottomColor: color } : undefined}
          >
            {piece}
          </span>
        );
      })}
    </p>
  );
  if (label === undefined) return paragraph;
  return (
    <>
      <h3 className="block-label">{label}</h3>
      {paragraph}
    </>
  );
});

/** A run's text with the search matches in it wrapped in marks (the current one tagged for scrolling). */
function marked(text: string, from: number, run: Range, find: FindMarks): ReactNode {
  const runs = markRuns(run.start, run.end, find);
  if (runs.length === 1 && !runs[0]!.mark) return text.slice(run.start - from, run.end - from);
  return runs.map((r) => {
    const piece = text.slice(r.start - from, r.end - from);
    if (!r.mark) return piece;
    return r.mark === 'current' ? (
      <mark key={r.start} className="find find-current" data-find-current="">
        {piece}
      </mark>
    ) : (
      <mark key={r.start} className="find">
        {piece}
      </mark>
    );
  });
}

function clip(selection: Range | null, block: TextBlock): Range | null {
  if (!selection || selection.end <= block.start || selection.start >= block.end) return null;
  return selection;
}

export const ContentViewer = forwardRef<ContentViewerHandle, Props>(function ContentViewer(
  { content, blocks, quotes, characters, selection, activeQuoteId, onQuoteClick, find = null, labels = null },
  ref,
) {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const scrollRef = useRef<HTMLDivElement>(null);
  const jump = useRef(0);
  const [width, setWidth] = useState(720);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth((old) => (Math.abs(old - w) > 24 ? w : old));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Rows of the virtual list are groups of blocks (a screen or two of text each).
  const groups = useMemo(() => groupBlocks(blocks), [blocks]);
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      let h = 0;
      for (let b = groups[i]!.first; b < groups[i]!.last; b++) h += estimateHeight(blocks[b]!, width);
      return h;
    },
    overscan: 1,
    paddingStart: 20,
    paddingEnd: 48,
    initialRect: { width: 720, height: 800 },
    getItemKey: (i) => blocks[groups[i]!.first]!.start,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [width, virtualizer]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToOffset(offset: number, focus: 'block' | 'match' = 'block') {
        const index = blockIndexAt(blocks, offset);
        const group = groupIndexOf(groups, index);
        if (group < 0) return;
        const match = focus === 'match';
        const seen = match && scrollRef.current?.querySelector<HTMLElement>('mark[data-find-current]');
        if (seen && scrollRef.current && inView(seen, scrollRef.current)) return;
        virtualizer.scrollToIndex(group, { align: 'start' });
        // Then, once the row is on screen and the list has settled, bring the block itself to the top.
        const target = blocks[index]!.start;
        const token = ++jump.current;
        let last = NaN;
        let frames = 0;
        const settle = () => {
          const el = scrollRef.current;
          if (!el || token !== jump.current || ++frames > 60) return;
          const p = el.querySelector<HTMLElement>(match ? 'mark[data-find-current]' : `p[data-offset="${target}"]`);
          if (!p || el.scrollTop !== last) {
            last = el.scrollTop;
            requestAnimationFrame(settle);
            return;
          }
          const box = el.getBoundingClientRect();
          const at = p.getBoundingClientRect();
          const delta = match ? at.top + at.height / 2 - (box.top + box.height / 2) : at.top - box.top - 12;
          if (Math.abs(delta) > 2) {
            el.scrollTop += delta;
            last = NaN;
            requestAnimationFrame(settle);
          }
        };
        requestAnimationFrame(settle);
      },
      topOffset() {
        const el = scrollRef.current;
        if (!el) return 0;
        const top = el.getBoundingClientRect().top;
        for (const p of el.querySelectorAll<HTMLElement>('p[data-offset]'))
          if (p.getBoundingClientRect().bottom > top) return Number(p.dataset.offset);
        return 0;
      },
    }),
    [blocks, groups, virtualizer],
  );

  const paint = useMemo<Paint>(
    () => ({
      name: (id) => (id === null ? 'Unattributed' : (characters.get(id)?.name ?? 'Unknown speaker')),
      color: (id) => speakerColor(id, characters.get(id)),
      tint: dark ? 0.3 : 0.2,
    }),
    [characters, dark],
  );

  const byId = useMemo(() => new Map(quotes.map((q) => [q.id, q])), [quotes]);
  const activate = useCallback(
    (target: EventTarget | null) => {
      const el = (target as HTMLElement | null)?.closest?.('[data-quote-id]');
      if (!(el instanceof HTMLElement)) return;
      const quote = byId.get(el.dataset.quoteId ?? '');
      if (quote) onQuoteClick(quote, el);
    },
    [byId, onQuoteClick],
  );

  const items = virtualizer.getVirtualItems();
  const activeQuote = activeQuoteId ? byId.get(activeQuoteId) : undefined;
  const active = activeQuote ? rangeOf(activeQuote) : null;
  return (
    <Box
      ref={scrollRef}
      data-testid="content-viewer"
      role="region"
      aria-label="Book text"
      tabIndex={0}
      onClick={(e) => activate(e.target)}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && (e.target as HTMLElement).dataset?.quoteId) {
          e.preventDefault();
          activate(e.target);
        }
      }}
      sx={{
        height: '100%',
        overflowY: 'auto',
        overflowX: 'hidden',
        contain: 'strict',
        outline: 'none',
        '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
        '& p': {
          m: 0,
          px: `${PAD_X}px`,
          pb: `${BLOCK_GAP_PX}px`,
          fontFamily: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, "Times New Roman", serif',
          fontSize: FONT_PX,
          lineHeight: `${LINE_PX}px`,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          color: 'text.primary',
        },
        '& mark': {
          bgcolor: dark ? 'rgba(129,140,248,0.32)' : 'rgba(79,70,229,0.16)',
          color: 'inherit',
          borderRadius: '2px',
        },
        '& .q': {
          cursor: 'pointer',
          borderBottom: '2px solid',
          borderRadius: '3px 3px 0 0',
          px: '1px',
          boxDecorationBreak: 'clone',
          WebkitBoxDecorationBreak: 'clone',
        },
        '& .q:hover, & .q:focus-visible': {
          outline: `2px solid ${theme.palette.text.secondary}`,
          outlineOffset: '1px',
        },
        '& .q-none': {
          borderBottom: `2px dashed ${theme.palette.text.secondary}`,
          bgcolor: dark ? 'rgba(255,255,255,0.07)' : 'rgba(21,24,39,0.06)',
        },
        '& .q-sel': { boxShadow: `inset 0 -100px 0 ${dark ? 'rgba(129,140,248,0.25)' : 'rgba(79,70,229,0.12)'}` },
        '& .block-label': {
          m: 0,
          px: `${PAD_X}px`,
          pt: 1,
          pb: 1,
          fontFamily: theme.typography.fontFamily,
          fontSize: 12,
          fontWeight: 700,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
          color: 'text.secondary',
        },
        '& mark.find': {
          bgcolor: dark ? 'rgba(250,204,21,0.35)' : 'rgba(250,204,21,0.45)',
          color: 'inherit',
          borderRadius: '2px',
        },
        '& mark.find-current': {
          bgcolor: dark ? '#f59e0b' : '#fb923c',
          color: dark ? '#111827' : 'inherit',
          outline: `2px solid ${dark ? '#fbbf24' : '#c2410c'}`,
        },
        '& .q-active': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: '1px' },
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative' }}>
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${items[0]?.start ?? 0}px)`,
          }}
        >
          {items.map((item) => {
            const group = groups[item.index]!;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                {blocks.slice(group.first, group.last).map((block) => (
                  <Block
                    key={block.start}
                    content={content}
                    block={block}
                    quotes={quotes}
                    selection={clip(selection, block)}
                    activeQuoteId={active && clip(active, block) ? activeQuoteId : null}
                    paint={paint}
                    find={find}
                    label={labels?.get(block.start)}
                  />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </Box>
  );
});

const rangeOf = (q: Quote): Range => ({ start: q.startOffset, end: q.endOffset });

/** Wholly inside the scrolling box. */
function inView(el: HTMLElement, box: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  return r.top >= b.top && r.bottom <= b.bottom;
}
