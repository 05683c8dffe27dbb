// Find in the workspace (issue 19): the book's own search (Ctrl/Cmd+F) and the filter to one
// character's lines (set through the FindStore). Both work on offsets into the project's content, so
// they reach text the virtualised viewer has not rendered; the viewer only paints what this hook
// hands it (its blocks, chapter labels and the search's marks) and scrolls where it is told. It runs
// in the viewer panel, so a keystroke renders the panel, not the whole workspace.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { OutlineItem, Quote } from '@castbook/contracts';
import type { ContentViewerHandle } from '../ContentViewer';
import type { TextBlock } from '../text-blocks';
import { useFilterId, type FindStore } from './find-store';
import { chaptersOf, characterLines, type Chapter, type CharacterLines } from './lines';
import {
  lowerBound,
  search,
  searchText,
  within,
  type FindMarks,
  type SearchOptions,
  type SearchResult,
  type SearchText,
} from './search';

interface Args {
  store: FindStore;
  content: string;
  /** The whole book's paragraph blocks. */
  blocks: TextBlock[];
  /** The quotes in reading order (orderQuotes). */
  ordered: Quote[];
  outline: OutlineItem[];
  viewer: RefObject<ContentViewerHandle | null>;
  /** Brings the text into view (a phone's text tab). */
  showText(): void;
}

export interface SearchState {
  open: boolean;
  query: string;
  options: SearchOptions;
  /** The matches in what the viewer shows (the filtered lines only, when filtered). */
  starts: readonly number[];
  length: number;
  /** Index into starts, -1 with no match. */
  current: number;
}

const CLOSED: SearchState = {
  open: false,
  query: '',
  options: { caseSensitive: false, wholeWord: false },
  starts: [],
  length: 0,
  current: -1,
};

/** Another dialog owns the keyboard (settings, a merge): the browser's own find is left to it. */
const modalOpen = () => document.querySelector('[aria-modal="true"]') !== null;

export function useFind({ store, content, blocks, ordered, outline, viewer, showText }: Args) {
  const chapters = useMemo(() => chaptersOf(outline), [outline]);

  // ---- the filter to one character's lines ----------------------------------------------------
  const filterId = useFilterId(store);
  const lines: CharacterLines | null = useMemo(
    () => (filterId ? characterLines(ordered, filterId, chapters) : null),
    [filterId, ordered, chapters],
  );
  const shownBlocks = lines ? lines.blocks : blocks;

  // A new view: shown (a phone's text tab), then what its setter asked for, or its top. The viewer's
  // handle already maps offsets with the new blocks (it is set while committing, before effects).
  const viewed = useRef(filterId);
  useEffect(() => {
    if (viewed.current === filterId) return;
    viewed.current = filterId;
    if (filterId) showText();
    const then = store.takeThen() ?? (() => viewer.current?.scrollToOffset(0));
    requestAnimationFrame(then);
  }, [filterId, showText, store, viewer]);

  const filterCharacter = store.setFilter;
  const leaveFilter = store.leaveFilter;

  // ---- the book search --------------------------------------------------------------------------
  const [state, setState] = useState<SearchState>(CLOSED);
  // Prepared on first use and kept for this text: the folded copy of a 3 MB book takes a few ms.
  const prepared = useRef<{ content: string; st: SearchText } | null>(null);
  const last = useRef<SearchResult | null>(null);
  const anchor = useRef(0);
  const input = useRef<HTMLInputElement | null>(null);

  const textOf = useCallback(() => {
    if (prepared.current?.content !== content) {
      prepared.current = { content, st: searchText(content) };
      last.current = null;
    }
    return prepared.current.st;
  }, [content]);

  /** Searches for `query` (narrowing the last answer when it extends it) within what is shown. */
  const run = useCallback(
    (query: string, options: SearchOptions, shown: TextBlock[] | null, from: number) => {
      const result = search(textOf(), query, options, last.current);
      last.current = result;
      const starts = shown ? within(result.starts, result.length, shown) : result.starts;
      const at = lowerBound(starts, from);
      return {
        open: true,
        query,
        options,
        starts,
        length: result.length,
        current: starts.length ? at % starts.length : -1,
      };
    },
    [textOf],
  );

  const filtered = lines?.blocks ?? null;
  const setQuery = useCallback(
    (query: string) => setState((s) => run(query, s.options, filtered, anchor.current)),
    [run, filtered],
  );
  const setOptions = useCallback(
    (options: SearchOptions) => setState((s) => run(s.query, options, filtered, anchor.current)),
    [run, filtered],
  );
  // The filter changed under an open search: count again within the new view.
  useEffect(() => {
    setState((s) => (s.open && s.query ? run(s.query, s.options, filtered, anchor.current) : s));
  }, [filtered, run]);

  const openSearch = useCallback(() => {
    showText();
    textOf(); // prepared now, so the first keystroke only searches
    anchor.current = viewer.current?.topOffset() ?? 0;
    setState((s) => (s.open ? s : s.query ? run(s.query, s.options, filtered, anchor.current) : { ...s, open: true }));
    requestAnimationFrame(() => input.current?.select());
  }, [filtered, run, showText, textOf, viewer]);

  const closeSearch = useCallback(() => {
    setState((s) => ({ ...s, open: false, starts: [], current: -1 }));
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="content-viewer"]')?.focus());
  }, []);

  const step = useCallback((direction: 1 | -1) => {
    setState((s) => {
      if (!s.starts.length) return s;
      const current = (s.current + direction + s.starts.length) % s.starts.length;
      anchor.current = s.starts[current]!;
      return { ...s, current };
    });
  }, []);

  // The current match is brought to the middle of the viewer (it stays put when already on screen).
  const currentOffset = state.open && state.current >= 0 ? state.starts[state.current]! : -1;
  useEffect(() => {
    if (currentOffset >= 0) viewer.current?.scrollToOffset(currentOffset, 'match');
  }, [currentOffset, viewer]);

  // Ctrl/Cmd+F opens this search instead of the browser's, which cannot see unrendered text.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f' && !modalOpen()) {
        e.preventDefault();
        openSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openSearch]);

  const marks: FindMarks | null = useMemo(
    () => (state.open && state.length ? { starts: state.starts, length: state.length, current: currentOffset } : null),
    [state.open, state.starts, state.length, currentOffset],
  );

  return {
    viewer,
    chapters,
    /** What the viewer shows: the book's blocks, or the filtered character's lines. */
    blocks: shownBlocks,
    labels: lines?.labels ?? null,
    marks,
    filterId,
    lines,
    filterCharacter,
    leaveFilter,
    search: state,
    searchInput: input,
    setQuery,
    setOptions,
    openSearch,
    closeSearch,
    step,
  };
}

export type Find = ReturnType<typeof useFind>;
export type { Chapter };
