import { describe, expect, it } from 'vitest';
import { replayChange, unchanged } from './replay';

const item = (id: string, v = 0) => ({ id, v });

describe('replayChange', () => {
  it('takes back a change onto a list that changed elsewhere since', () => {
    const before = [item('a'), item('b'), item('c')];
    const after = [item('a', 1), item('c')]; // a changed, b removed
    const now = [item('a', 1), item('c', 5), item('d')]; // later: c changed, d added
    expect(replayChange(now, after, before)).toEqual([item('a'), item('b'), item('c', 5), item('d')]);
  });

  it('makes the change again (redo)', () => {
    const before = [item('a'), item('b'), item('c')];
    const after = [item('a', 1), item('c')];
    expect(replayChange(before, before, after)).toEqual(after);
  });

  it('puts an added item back after its neighbour, or at its index', () => {
    expect(replayChange([item('a'), item('c')], [], [item('b')])).toEqual([item('b'), item('a'), item('c')]);
    expect(replayChange([item('a'), item('c')], [item('a'), item('c')], [item('a'), item('b'), item('c')])).toEqual([
      item('a'),
      item('b'),
      item('c'),
    ]);
  });

  it('leaves an item alone that is gone now, and replaces one already there', () => {
    expect(replayChange([item('b')], [item('a')], [item('a', 1)])).toEqual([item('b')]);
    expect(replayChange([item('a', 9)], [], [item('a', 1)])).toEqual([item('a', 1)]);
  });

  it('uses the given sameness', () => {
    const same = (x: { id: string; v: number }, y: { id: string; v: number }) => x.id === y.id;
    expect(replayChange([item('a', 7)], [item('a')], [item('a', 1)], same)).toEqual([item('a', 7)]);
  });
});

describe('unchanged', () => {
  it('is true only when no item was added, removed or changed', () => {
    expect(unchanged([item('a')], [item('a')])).toBe(true);
    expect(unchanged([item('a')], [item('a', 1)])).toBe(false);
    expect(unchanged([item('a')], [item('b')])).toBe(false);
    expect(unchanged([item('a')], [])).toBe(false);
  });
});
