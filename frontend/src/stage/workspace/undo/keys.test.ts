import { describe, expect, it } from 'vitest';
import { undoKeyOf } from './keys';

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }>,
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('undoKeyOf', () => {
  it('reads Ctrl+Z as undo, Ctrl+Shift+Z and Ctrl+Y as redo, and ⌘ like Ctrl', () => {
    expect(undoKeyOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(undoKeyOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoKeyOf(press('y', { ctrlKey: true }))).toBe('redo');
    expect(undoKeyOf(press('z', { metaKey: true }))).toBe('undo');
  });

  it('ignores the keys alone, with Alt, and other letters', () => {
    expect(undoKeyOf(press('z', {}))).toBeNull();
    expect(undoKeyOf(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(undoKeyOf(press('x', { ctrlKey: true }))).toBeNull();
    expect(undoKeyOf(press('y', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});
