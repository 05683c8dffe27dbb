// The workspace's undo and redo (issue 19): a stack of edits, each able to apply itself (do, redo)
// and revert itself (undo), both through the server. Operations run one at a time in the order asked
// (an undo pressed while an edit is still saving waits for it), so every step starts from what the
// one before left. A step the server refuses changes nothing: the edit stays where it was and the
// error goes back to the caller. Framework-free so its rules are unit-tested.

export interface Edit {
  /** What the user did, as the tooltips and toasts say it: 'Set speaker', 'Rename Quell'. */
  label: string;
  /** Does (and redoes) the edit on the server and in the cache; throws, changing nothing, when refused. */
  apply(): Promise<void>;
  /** Undoes it on the server and in the cache; throws, changing nothing, when refused. */
  revert(): Promise<void>;
  /** Said with the undo's toast: what could not come back (recordings a delete released). */
  undoNote?: string;
}

export interface HistoryView {
  canUndo: boolean;
  canRedo: boolean;
  /** The label of the edit Undo would revert, or null. */
  undoLabel: string | null;
  redoLabel: string | null;
  /** A step is running. */
  busy: boolean;
}

export type StepResult =
  | { kind: 'done'; edit: Edit }
  | { kind: 'failed'; edit: Edit; error: unknown }
  /** Nothing to undo (redo), or the history was cleared while the step waited or ran. */
  | { kind: 'none' };

/** Edits kept: older ones fall off the bottom. */
export const HISTORY_LIMIT = 100;

export class UndoHistory {
  private done: Edit[] = [];
  private undone: Edit[] = [];
  private running = 0;
  private tail: Promise<unknown> = Promise.resolve();
  /** Bumped by clear(): a step that started before a clear must not put its edit back. */
  private generation = 0;

  constructor(
    private readonly onChange: () => void = () => {},
    private readonly limit = HISTORY_LIMIT,
  ) {}

  view(): HistoryView {
    return {
      canUndo: this.done.length > 0,
      canRedo: this.undone.length > 0,
      undoLabel: this.done.at(-1)?.label ?? null,
      redoLabel: this.undone.at(-1)?.label ?? null,
      busy: this.running > 0,
    };
  }

  /** Applies a new edit; on success it goes on top and redo is forgotten. Rejects with the server's error. */
  record(edit: Edit): Promise<void> {
    return this.queue(async () => {
      const generation = this.generation;
      await edit.apply();
      if (generation !== this.generation) return;
      this.done.push(edit);
      if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit);
      this.undone = [];
    });
  }

  undo(): Promise<StepResult> {
    return this.queue(() => this.step(this.done, this.undone, (e) => e.revert()));
  }

  redo(): Promise<StepResult> {
    return this.queue(() => this.step(this.undone, this.done, (e) => e.apply()));
  }

  /** Forgets every edit (an analysis replaced the data, the text was replaced). */
  clear(): void {
    this.generation++;
    this.done = [];
    this.undone = [];
    this.onChange();
  }

  private async step(from: Edit[], to: Edit[], run: (e: Edit) => Promise<void>): Promise<StepResult> {
    const edit = from.at(-1);
    if (!edit) return { kind: 'none' };
    const generation = this.generation;
    try {
      await run(edit);
    } catch (error) {
      // Refused: the server kept its state, so the edit stays where it was (the user may try again).
      return generation === this.generation ? { kind: 'failed', edit, error } : { kind: 'none' };
    }
    if (generation !== this.generation) return { kind: 'none' };
    from.pop();
    to.push(edit);
    return { kind: 'done', edit };
  }

  private queue<T>(op: () => Promise<T>): Promise<T> {
    this.running++;
    this.onChange();
    const result = this.tail.then(op);
    const settle = () => {
      this.running--;
      this.onChange();
    };
    this.tail = result.then(settle, settle);
    return result;
  }
}
