// The words the undo tooltip and toasts use for an edit of a character.
import type { Character } from '@castbook/contracts';

/** What a character edit did, for the undo tooltip: 'Rename Quell', 'Recolour Quell', 'Edit Quell'. */
export function characterEditLabel(was: Character | undefined, now: Character): string {
  if (!was) return `Edit ${now.name}`;
  const changed = (['name', 'color', 'summary', 'alternativeNames', 'relationships'] as const).filter(
    (k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]),
  );
  if (changed.length === 1 && changed[0] === 'name') return `Rename ${was.name}`;
  if (changed.length === 1 && changed[0] === 'color') return `Recolour ${was.name}`;
  if (changed.length === 1 && changed[0] === 'alternativeNames') return `Edit ${was.name}'s aliases`;
  return `Edit ${was.name}`;
}
