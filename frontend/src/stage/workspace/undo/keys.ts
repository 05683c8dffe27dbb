// Which key presses undo and redo (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y; ⌘ on a Mac), and when they are
// the text field's own: typing in an input, a textarea or an editable element undoes the typing.

export type UndoKey = 'undo' | 'redo' | null;

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function undoKeyOf(e: KeyLike): UndoKey {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}

/** True when the key goes to something the user types in. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}
