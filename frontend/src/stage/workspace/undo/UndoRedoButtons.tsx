// The workspace's Undo and Redo buttons, with what each would do in its tooltip, and the keyboard
// shortcuts (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) while the workspace is open and the user is not typing.
import { useEffect } from 'react';
import { IconButton, Stack, Tooltip } from '@mui/material';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import type { HistoryView } from './undo-history';
import { isTyping, undoKeyOf } from './keys';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const UNDO_KEYS = MAC ? '⌘Z' : 'Ctrl+Z';
const REDO_KEYS = MAC ? '⇧⌘Z' : 'Ctrl+Shift+Z';
// Shaped like the outlined buttons beside them (the theme's button radius).
const BUTTON_SX = { border: 1, borderColor: 'divider', borderRadius: '9px' } as const;

export function UndoRedoButtons({
  history,
  disabled,
  onUndo,
  onRedo,
}: {
  history: HistoryView;
  /** A read-only project: nothing can change, nothing to undo. */
  disabled?: boolean;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const canUndo = history.canUndo && !disabled;
  const canRedo = history.canRedo && !disabled;

  useEffect(() => {
    if (disabled) return;
    const onKey = (e: KeyboardEvent) => {
      const which = undoKeyOf(e);
      if (!which || e.defaultPrevented || isTyping(e.target)) return;
      e.preventDefault();
      if (which === 'undo') onUndo();
      else onRedo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disabled, onUndo, onRedo]);

  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label="Undo and redo" sx={{ alignItems: 'center' }}>
      <Tooltip title={canUndo ? `Undo: ${history.undoLabel} (${UNDO_KEYS})` : 'Nothing to undo'}>
        {/* A disabled button gets no pointer events: the span keeps the tooltip. */}
        <span>
          <IconButton aria-label="Undo" disabled={!canUndo} onClick={onUndo} sx={BUTTON_SX}>
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={canRedo ? `Redo: ${history.redoLabel} (${REDO_KEYS})` : 'Nothing to redo'}>
        <span>
          <IconButton aria-label="Redo" disabled={!canRedo} onClick={onRedo} sx={BUTTON_SX}>
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
