import { describe, expect, it } from 'vitest';
import { UndoHistory, type Edit } from './undo-history';

/** A value on a pretend server, and edits that set it; `refuse` makes the next server call fail. */
function server() {
  const s = { value: 0, refuse: false, calls: 0 };
  const call = async (v: number) => {
    s.calls++;
    await Promise.resolve();
    if (s.refuse) {
      s.refuse = false;
      throw new Error('refused');
    }
    s.value = v;
  };
  const set = (label: string, to: number): Edit => {
    let from = 0;
    return {
      label,
      apply: async () => {
        const was = s.value;
        await call(to);
        from = was;
      },
      revert: () => call(from),
    };
  };
  return { s, set };
}

describe('UndoHistory', () => {
  it('undoes in reverse order and redoes forward, through the server', async () => {
    const { s, set } = server();
    const h = new UndoHistory();
    await h.record(set('one', 1));
    await h.record(set('two', 2));
    await h.record(set('three', 3));
    expect(h.view()).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'three' });
    expect(await h.undo()).toMatchObject({ kind: 'done', edit: { label: 'three' } });
    expect(s.value).toBe(2);
    await h.undo();
    await h.undo();
    expect(s.value).toBe(0);
    expect(h.view()).toMatchObject({ canUndo: false, canRedo: true, redoLabel: 'one' });
    expect(await h.undo()).toEqual({ kind: 'none' });
    await h.redo();
    expect(s.value).toBe(1);
    expect(h.view()).toMatchObject({ undoLabel: 'one', redoLabel: 'two' });
  });

  it('a new edit forgets what could be redone', async () => {
    const { set } = server();
    const h = new UndoHistory();
    await h.record(set('one', 1));
    await h.undo();
    await h.record(set('two', 2));
    expect(h.view()).toMatchObject({ canRedo: false, undoLabel: 'two' });
  });

  it('a refused edit is not recorded and rejects with the error', async () => {
    const { s, set } = server();
    const h = new UndoHistory();
    s.refuse = true;
    await expect(h.record(set('one', 1))).rejects.toThrow('refused');
    expect(h.view()).toMatchObject({ canUndo: false, busy: false });
  });

  it('a refused undo leaves the edit on top, so it can be tried again', async () => {
    const { s, set } = server();
    const h = new UndoHistory();
    await h.record(set('one', 1));
    await h.record(set('two', 2));
    s.refuse = true;
    const failed = await h.undo();
    expect(failed).toMatchObject({ kind: 'failed', edit: { label: 'two' } });
    expect(s.value).toBe(2);
    expect(h.view()).toMatchObject({ undoLabel: 'two', canRedo: false, busy: false });
    expect(await h.undo()).toMatchObject({ kind: 'done' });
    expect(s.value).toBe(1);
  });

  it('a refused redo leaves the edit to redo', async () => {
    const { s, set } = server();
    const h = new UndoHistory();
    await h.record(set('one', 1));
    await h.undo();
    s.refuse = true;
    expect(await h.redo()).toMatchObject({ kind: 'failed' });
    expect(s.value).toBe(0);
    expect(h.view()).toMatchObject({ canUndo: false, redoLabel: 'one' });
  });

  it('runs steps one at a time in the order asked', async () => {
    const { s, set } = server();
    const h = new UndoHistory();
    const order: string[] = [];
    const slow = (label: string, to: number): Edit => {
      const e = set(label, to);
      return {
        label,
        apply: async () => {
          order.push(`apply ${label}`);
          await new Promise((r) => setTimeout(r, 5));
          await e.apply();
        },
        revert: async () => {
          order.push(`revert ${label}`);
          await e.revert();
        },
      };
    };
    const recorded = h.record(slow('one', 1));
    // Pressed while 'one' is still saving: waits for it, then reverts it.
    const undone = h.undo();
    expect(h.view().busy).toBe(true);
    await Promise.all([recorded, undone]);
    expect(order).toEqual(['apply one', 'revert one']);
    expect(s.value).toBe(0);
    expect(h.view().busy).toBe(false);
  });

  it('clear forgets everything, even an edit whose step was running', async () => {
    const { set } = server();
    const h = new UndoHistory();
    await h.record(set('one', 1));
    let started!: () => void;
    const applying = new Promise<void>((r) => (started = r));
    const slow: Edit = {
      label: 'two',
      apply: async () => {
        started();
        await new Promise((r) => setTimeout(r, 5));
      },
      revert: async () => {},
    };
    const running = h.record(slow);
    await applying;
    h.clear();
    await running;
    expect(h.view()).toMatchObject({ canUndo: false, canRedo: false });
    // An edit asked for after the clear is recorded as usual.
    await h.record(set('three', 3));
    expect(h.view().undoLabel).toBe('three');
  });

  it('keeps at most `limit` edits, dropping the oldest', async () => {
    const { set } = server();
    const h = new UndoHistory(undefined, 2);
    await h.record(set('one', 1));
    await h.record(set('two', 2));
    await h.record(set('three', 3));
    await h.undo();
    await h.undo();
    expect(await h.undo()).toEqual({ kind: 'none' });
  });

  it('tells its listener when it changes', async () => {
    const { set } = server();
    let changes = 0;
    const h = new UndoHistory(() => changes++);
    await h.record(set('one', 1));
    expect(changes).toBeGreaterThanOrEqual(2);
  });
});
