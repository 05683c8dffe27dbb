import { describe, expect, it, vi } from 'vitest';
import { FindStore } from './find-store';

describe('FindStore', () => {
  it('tells its readers when the filter changes, and hands the next view its follow-up once', () => {
    const store = new FindStore();
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    const then = vi.fn();
    store.setFilter('fagin', then);
    expect(store.getFilter()).toBe('fagin');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.takeThen()).toBe(then);
    expect(store.takeThen()).toBeNull();

    // The same filter again changes nothing and runs the follow-up at once.
    const again = vi.fn();
    store.setFilter('fagin', again);
    expect(again).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);

    // Leaving the filter: the follow-up waits for the whole text; without a filter it runs at once.
    const back = vi.fn();
    store.leaveFilter(back);
    expect(store.getFilter()).toBeNull();
    expect(back).not.toHaveBeenCalled();
    expect(store.takeThen()).toBe(back);
    const now = vi.fn();
    store.leaveFilter(now);
    expect(now).toHaveBeenCalledTimes(1);

    stop();
    store.setFilter('nancy');
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
