// Which character the workspace's text is filtered to, held outside React state: the Characters
// panel's cards, the viewer and the command palette read and set it, and only what depends on it
// renders again (a card whose "shown" flips, the viewer panel), not the whole workspace with its
// hundreds of character cards. The search's own state lives in the viewer panel for the same reason.
import { useState, useSyncExternalStore } from 'react';

export class FindStore {
  private filterId: string | null = null;
  private then: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getFilter = () => this.filterId;

  /**
   * Filters the text to `id`'s lines (null: the whole book again). `then` runs once the viewer shows
   * the new view (it maps offsets with the blocks it renders); without it a new view starts at its top.
   */
  readonly setFilter = (id: string | null, then?: () => void) => {
    if (id === this.filterId) {
      then?.();
      return;
    }
    this.filterId = id;
    this.then = then ?? null;
    this.listeners.forEach((l) => l());
  };

  /** Runs `then` on the whole book's text: at once, or once the filter is left. */
  readonly leaveFilter = (then: () => void) => this.setFilter(null, then);

  /** What to do now that the view changed (the viewer calls it once per change). */
  takeThen(): (() => void) | null {
    const then = this.then;
    this.then = null;
    return then;
  }
}

/** One store per workspace. */
export function useFindStore(): FindStore {
  const [store] = useState(() => new FindStore());
  return store;
}

export function useFilterId(store: FindStore): string | null {
  return useSyncExternalStore(store.subscribe, store.getFilter);
}

const noSubscribe = () => () => undefined;

/** Whether the text is filtered to `id` (a card re-renders only when this flips). */
export function useIsFiltered(store: FindStore | undefined, id: string): boolean {
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, () => store?.getFilter() === id);
}
