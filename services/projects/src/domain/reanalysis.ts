// Re-analysis keeps the user's work (PRODUCT.md): a fresh analysis result is merged into what the
// project holds. Pure: no I/O.
// - Characters of the result that match a held one (by name or alternative name) keep its id, colour
//   and voice sample; if the user created or edited the held one, its name, summary and colour stay.
// - Characters the user created always stay; ones the user edited or recorded a sample for stay while
//   their name is still in the text.
// - Quotes whose speaker the user set (attributionMethod 'user') stay wherever their text still is
//   near where it was (same text, offset window), replacing what the engine found there, as long as
//   their speaker is still a character (else the engine's attribution stands).
// - Ids never collide: a new character never takes the id of one the project held.
import type { Character, Quote } from '@castbook/contracts';

export interface Analysed {
  characters: Character[];
  quotes: Quote[];
}

/** How far (characters) a user's quote may have moved since it was set. */
export const QUOTE_WINDOW = 10_000;

const HONORIFIC_DOT = /\b(mr|mrs|ms|dr|st|prof|rev|capt|col|gen|lt|sgt)\./g;

/** "Mr. Bumble", "mr bumble" and "the Beadle"/"Beadle" compare equal. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(HONORIFIC_DOT, '$1')
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .replace(/^\s*the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const namesOf = (c: Character) => [c.name, ...(c.alternativeNames ?? [])].map(nameKey).filter(Boolean);

/** The user's own work on a character, which re-analysis must not lose. */
export const isUserWork = (c: Character) => c.isUserCreated || c.isUserEdited === true || !!c.audioSample;

function mentionedIn(text: string, c: Character): boolean {
  const lower = text.toLowerCase();
  return [c.name, ...(c.alternativeNames ?? [])].some((n) => {
    const needle = n.trim().toLowerCase();
    return needle.length > 0 && lower.includes(needle);
  });
}

/** The occurrence of `needle` nearest to `near` within the window, or -1. */
function nearest(text: string, needle: string, near: number, window: number): number {
  if (!needle) return -1;
  let best = -1;
  for (
    let i = text.indexOf(needle, Math.max(0, near - window));
    i >= 0 && i <= near + window;
    i = text.indexOf(needle, i + 1)
  ) {
    if (best < 0 || Math.abs(i - near) < Math.abs(best - near)) best = i;
    if (i > near) break;
  }
  return best;
}

function uniqueIds(prefix: string, used: Set<string>) {
  let n = 0;
  return (wanted?: string) => {
    if (wanted && !used.has(wanted)) {
      used.add(wanted);
      return wanted;
    }
    let id: string;
    do id = `${prefix}${++n}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
}

export function mergeReanalysis(previous: Analysed, fresh: Analysed, text: string, window = QUOTE_WINDOW): Analysed {
  // Characters: match each fresh one to a held one by any shared name.
  const byName = new Map<string, Character>();
  for (const p of previous.characters) for (const k of namesOf(p)) if (!byName.has(k)) byName.set(k, p);
  const usedIds = new Set([...previous.characters.map((c) => c.id)]);
  const newId = uniqueIds('c', usedIds);
  const idMap = new Map<string, string>();
  const matched = new Set<string>();
  const characters: Character[] = [];
  for (const f of fresh.characters) {
    const keys = namesOf(f);
    const p = keys.map((k) => byName.get(k)).find((c) => c && !matched.has(c.id));
    if (p) {
      matched.add(p.id);
      idMap.set(f.id, p.id);
      const alternativeNames = [...new Set([...(p.alternativeNames ?? []), ...f.alternativeNames, f.name])].filter(
        (n) => n !== p.name,
      );
      characters.push(
        p.isUserCreated || p.isUserEdited
          ? { ...p, mentions: f.mentions, alternativeNames }
          : { ...f, id: p.id, color: p.color, audioSample: p.audioSample ?? f.audioSample },
      );
    } else {
      const id = newId(usedIds.has(f.id) ? undefined : f.id);
      idMap.set(f.id, id);
      characters.push({ ...f, id });
    }
  }
  for (const p of previous.characters) {
    if (matched.has(p.id) || !isUserWork(p)) continue;
    if (p.isUserCreated || mentionedIn(text, p)) {
      characters.push(p);
      matched.add(p.id);
    }
  }
  const surviving = new Set(characters.map((c) => c.id));

  // Quotes: the engine's, renamed, then the user's laid over them.
  let quotes: Quote[] = fresh.quotes.map((q) => ({
    ...q,
    speakerId: q.speakerId === null ? null : (idMap.get(q.speakerId) ?? null),
  }));
  const quoteId = uniqueIds('q', new Set(quotes.map((q) => q.id)));
  for (const u of previous.quotes) {
    if (u.attributionMethod !== 'user') continue;
    if (u.speakerId !== null && !surviving.has(u.speakerId)) continue;
    const start = nearest(text, u.text, u.startOffset, window);
    if (start < 0) continue;
    const end = start + u.text.length;
    const overlapped = quotes.filter((q) => q.startOffset < end && start < q.endOffset);
    quotes = quotes.filter((q) => !overlapped.includes(q));
    quotes.push({
      ...u,
      id: overlapped[0]?.id ?? quoteId(),
      startOffset: start,
      endOffset: end,
      confidence: 1,
    });
  }
  quotes.sort((a, b) => a.startOffset - b.startOffset || a.endOffset - b.endOffset);
  return { characters, quotes };
}

/**
 * PATCH characters: an analysed character whose name, summary or colour the user changed becomes
 * user-edited (and stays so); the flag is the server's to set, so a client cannot clear it.
 */
export function markUserEdits(stored: Character[], incoming: Character[]): Character[] {
  const before = new Map(stored.map((c) => [c.id, c]));
  return incoming.map((c) => {
    const old = before.get(c.id);
    const { isUserEdited: _ignored, ...rest } = c;
    if (c.isUserCreated) return rest;
    const edited =
      old?.isUserEdited === true ||
      (!!old &&
        (old.name !== c.name || old.summary !== c.summary || old.color.toLowerCase() !== c.color.toLowerCase()));
    return edited ? { ...rest, isUserEdited: true } : rest;
  });
}
