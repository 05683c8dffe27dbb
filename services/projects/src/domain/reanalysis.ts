// Re-analysis keeps the user's work (PRODUCT.md): a fresh analysis result is merged into what the
// project holds. Pure: no I/O.
// - Characters of the result that match a held one (by name or alternative name, else by speaking
//   mostly the lines the held one spoke: a character the user renamed) keep its id, colour, voice
//   sample, takes and voice notes; if the user created or edited the held one, its name, summary,
//   colour and aliases stay, and several fresh characters may fold into it (the user merged them:
//   merging moves the lines of one character to another and its names, `analysedName` too, into the
//   other's aliases). A renamed character also answers to the engine's name (`analysedName`, set by
//   markUserEdits).
// - Characters the user created always stay; ones the user edited or gave a sample, a take or voice
//   notes stay while their name is still in the text or they still speak a line the user gave them.
// - Quotes whose speaker the user set (attributionMethod 'user') stay wherever their text still is
//   near where it was (same text, offset window), replacing what the engine found there, as long as
//   their speaker is still a character (else the engine's attribution stands).
// - Ids never collide: a new character never takes the id of one the project held.
// - Characters the user deleted (issue 19: `deleted`, the name keys they went by) do not come back: a
//   fresh character no held one matches whose name is one of them is dropped, and its lines are left
//   unattributed. A held character of that name (the user created one again) still wins.
// - Quotes the user marked "not dialog" (issue 19: `dismissed`, their text and where it stood) do not
//   come back: where that text now is (the occurrence nearest its old place, within the window), the
//   engine's quotes over it are dropped.
import type { Character, Quote } from '@castbook/contracts';

export interface Analysed {
  characters: Character[];
  quotes: Quote[];
}

/** A quote the user marked "not dialog": its text and where it stood (dismissed_quotes). */
export type DismissedQuote = Pick<Quote, 'startOffset' | 'endOffset' | 'text'>;

/** What the user kept from an earlier analysis besides the project's characters and quotes. */
export interface KeptDecisions {
  /** Name keys of the characters the user deleted (deleted_character_names). */
  deleted?: ReadonlySet<string>;
  /** Quotes the user marked "not dialog" (dismissed_quotes). */
  dismissed?: readonly DismissedQuote[];
  /** How far (characters) a user's quote may have moved: QUOTE_WINDOW. */
  window?: number;
}

/** A line with no speaker, as the engine leaves one it found no speaker for. */
export const unattributed = (q: Quote): Quote => ({
  ...q,
  speakerId: null,
  confidence: 0,
  attributionMethod: 'none',
  evidence: [],
});

/**
 * A quote's candidates with their speakers renamed (`rename` answers undefined for one that is gone):
 * two that become the same speaker are one, their probabilities added up. Best first.
 */
export function renameCandidates(
  candidates: Quote['candidates'],
  rename: (id: string) => string | undefined,
): Quote['candidates'] {
  if (!candidates) return candidates;
  const byId = new Map<string, number>();
  for (const c of candidates) {
    const id = rename(c.speakerId);
    if (id !== undefined) byId.set(id, Math.min(1, (byId.get(id) ?? 0) + c.probability));
  }
  return [...byId]
    .map(([speakerId, probability]) => ({ speakerId, probability }))
    .sort((a, b) => b.probability - a.probability);
}

/** How far (characters) a user's quote may have moved since it was set. */
export const QUOTE_WINDOW = 10_000;

const HONORIFIC_DOT = /\b(mr|mrs|ms|dr|st|prof|rev|capt|col|gen|lt|sgt)\./g;

/** "Mr. Pellow", "mr pellow" and "the Warden"/"Warden" compare equal. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(HONORIFIC_DOT, '$1')
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .replace(/^\s*the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every name a held character answers to, including the engine's name of one the user renamed. */
const namesOf = (c: Character) =>
  [c.name, ...(c.alternativeNames ?? []), c.analysedName ?? ''].map(nameKey).filter(Boolean);

/** The user's own work on a character, which re-analysis must not lose. */
export const isUserWork = (c: Character) =>
  c.isUserCreated ||
  c.isUserEdited === true ||
  !!c.audioSample ||
  (c.voiceTakes?.length ?? 0) > 0 ||
  Object.values(c.voiceNotes ?? {}).some((v) => !!v);

/** The voice work of a held character (takes, notes), which a fresh result never carries. */
const voiceOf = (p: Character): Pick<Character, 'voiceTakes' | 'voiceNotes'> => ({
  ...(p.voiceTakes && { voiceTakes: p.voiceTakes }),
  ...(p.voiceNotes && { voiceNotes: p.voiceNotes }),
});

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

/**
 * For each fresh character, the held character that spoke most of its lines in the previous result
 * (same quotation span), when that is more than half of them: how a character the user renamed or
 * merged is recognised although its name no longer matches.
 */
function speakerVotes(previous: Analysed, fresh: Analysed): Map<string, string> {
  const heldSpeakerAt = new Map<string, string>();
  for (const q of previous.quotes) if (q.speakerId) heldSpeakerAt.set(`${q.startOffset}:${q.endOffset}`, q.speakerId);
  const votes = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  for (const q of fresh.quotes) {
    if (!q.speakerId) continue;
    totals.set(q.speakerId, (totals.get(q.speakerId) ?? 0) + 1);
    const held = heldSpeakerAt.get(`${q.startOffset}:${q.endOffset}`);
    if (!held) continue;
    const v = votes.get(q.speakerId) ?? new Map<string, number>();
    v.set(held, (v.get(held) ?? 0) + 1);
    votes.set(q.speakerId, v);
  }
  const winner = new Map<string, string>();
  for (const [freshId, v] of votes) {
    const [held, n] = [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    if (n * 2 > totals.get(freshId)!) winner.set(freshId, held);
  }
  return winner;
}

export function mergeReanalysis(
  previous: Analysed,
  fresh: Analysed,
  text: string,
  { deleted = new Set(), dismissed = [], window = QUOTE_WINDOW }: KeptDecisions = {},
): Analysed {
  // Characters: match each fresh one to a held one by any shared name, else by the lines it speaks.
  // A held character the user worked on may absorb several fresh ones (the user merged them); other
  // matches are one to one.
  const byName = new Map<string, Character>();
  for (const p of previous.characters) for (const k of namesOf(p)) if (!byName.has(k)) byName.set(k, p);
  const heldById = new Map(previous.characters.map((c) => [c.id, c]));
  const votedHeld = speakerVotes(previous, fresh);
  const usedIds = new Set([...previous.characters.map((c) => c.id)]);
  const newId = uniqueIds('c', usedIds);
  const idMap = new Map<string, string>();
  const matched = new Set<string>();
  const free = (c: Character | undefined): c is Character => !!c && (!matched.has(c.id) || isUserWork(c));
  const kept = new Map<string, Character>();
  const characters: Character[] = [];
  for (const f of fresh.characters) {
    // Only the user renames or merges: an analysed character is never matched by its lines alone.
    const voted = heldById.get(votedHeld.get(f.id) ?? '');
    const named = namesOf(f)
      .map((k) => byName.get(k))
      .find(free);
    // Deleted by the user: checked before the lines' vote, which would otherwise fold it into whoever
    // the user gave some of its lines.
    if (!named && deleted.has(nameKey(f.name))) continue;
    const p = named ?? (free(voted) && isUserWork(voted) ? voted : undefined);
    if (!p) {
      const id = newId(usedIds.has(f.id) ? undefined : f.id);
      idMap.set(f.id, id);
      characters.push({ ...f, id });
      continue;
    }
    idMap.set(f.id, p.id);
    const absorbed = kept.get(p.id);
    if (absorbed) {
      // A second fresh character for one the user merged: its lines count to the one kept.
      absorbed.mentions += f.mentions;
      continue;
    }
    matched.add(p.id);
    // What the user set (name, summary, colour, aliases) stays as they left it.
    const next: Character =
      p.isUserCreated || p.isUserEdited
        ? { ...p, mentions: f.mentions }
        : {
            ...f,
            id: p.id,
            color: p.color,
            alternativeNames: [...new Set([...f.alternativeNames, ...(p.alternativeNames ?? [])])].filter(
              (n) => n !== f.name,
            ),
            audioSample: p.audioSample ?? f.audioSample,
            ...voiceOf(p),
          };
    kept.set(p.id, next);
    characters.push(next);
  }
  // Held characters the user worked on that the fresh result did not find: kept while the text still
  // names them or still holds a line the user gave them.
  const userLines = new Set(
    previous.quotes.filter((q) => q.attributionMethod === 'user' && q.speakerId).map((q) => q.speakerId!),
  );
  for (const p of previous.characters) {
    if (matched.has(p.id) || !isUserWork(p)) continue;
    if (p.isUserCreated || mentionedIn(text, p) || userLines.has(p.id)) {
      characters.push(p);
      matched.add(p.id);
    }
  }
  const surviving = new Set(characters.map((c) => c.id));

  // Quotes: the engine's but those the user dismissed, renamed (speakers and candidates), then the
  // user's laid over them. A line of a dropped (deleted) character is left unattributed.
  const quotes: Quote[] = dropDismissed(fresh.quotes, dismissed, text, window).map((q) => {
    const candidates = renameCandidates(q.candidates, (id) => idMap.get(id));
    const renamed = { ...q, ...(candidates && { candidates }) };
    if (q.speakerId === null) return renamed;
    const speakerId = idMap.get(q.speakerId);
    return speakerId ? { ...renamed, speakerId } : unattributed(renamed);
  });
  return { characters, quotes: layUserQuotes(quotes, previous.quotes, text, surviving, window) };
}

/**
 * The quotes of `before` that `after` (a whole-list PATCH …/quotes) leaves out, now "not dialog", and
 * those `after` puts back where a quote of `before` was not: a dismissal of that place is withdrawn
 * (undo). A quote is the same when its id or its place (start and end) is.
 */
export function dismissalsOf(before: readonly Quote[], after: readonly Quote[]) {
  const place = (q: DismissedQuote) => `${q.startOffset}:${q.endOffset}`;
  const ids = new Set(after.map((q) => q.id));
  const placesAfter = new Set(after.map(place));
  const placesBefore = new Set(before.map(place));
  const span = ({ startOffset, endOffset, text }: Quote): DismissedQuote => ({ startOffset, endOffset, text });
  return {
    dismissed: before.filter((q) => !ids.has(q.id) && !placesAfter.has(place(q))).map(span),
    restored: after.filter((q) => !placesBefore.has(place(q))).map(span),
  };
}

/**
 * `quotes` (the engine's) without those over a text the user dismissed: each dismissed text is looked
 * for where it now is (the occurrence nearest its old place, within `window`); a text no longer there
 * drops nothing.
 */
export function dropDismissed(
  quotes: Quote[],
  dismissed: readonly DismissedQuote[],
  text: string,
  window = QUOTE_WINDOW,
): Quote[] {
  if (dismissed.length === 0) return quotes;
  const spans = dismissed.flatMap((d) => {
    const start = nearest(text, d.text, d.startOffset, window);
    return start < 0 ? [] : [[start, start + d.text.length] as const];
  });
  return quotes.filter((q) => !spans.some(([start, end]) => q.startOffset < end && start < q.endOffset));
}

/**
 * The quotes whose speaker the user set (`held`, method 'user'), moved to where their text now is
 * (the occurrence nearest their old place, within `window`), laid over `quotes` (the engine's): they
 * replace what overlaps them. Dropped when their text is gone or their speaker is not in `speakers`.
 */
export function layUserQuotes(
  quotes: Quote[],
  held: Quote[],
  text: string,
  speakers: ReadonlySet<string>,
  window = QUOTE_WINDOW,
): Quote[] {
  let out = quotes;
  const quoteId = uniqueIds('q', new Set(quotes.map((q) => q.id)));
  for (const u of held) {
    if (u.attributionMethod !== 'user') continue;
    if (u.speakerId !== null && !speakers.has(u.speakerId)) continue;
    const start = nearest(text, u.text, u.startOffset, window);
    if (start < 0) continue;
    const end = start + u.text.length;
    const overlapped = out.filter((q) => q.startOffset < end && start < q.endOffset);
    out = out.filter((q) => !overlapped.includes(q));
    out.push({ ...u, id: overlapped[0]?.id ?? quoteId(), startOffset: start, endOffset: end, confidence: 1 });
  }
  return out.sort((a, b) => a.startOffset - b.startOffset || a.endOffset - b.endOffset);
}

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * PATCH characters: an analysed character whose name, summary, colour, aliases or relationships the user changed becomes
 * user-edited (and stays so); the flag is the server's to set, so a client cannot clear it.
 */
export function markUserEdits(stored: Character[], incoming: Character[]): Character[] {
  const before = new Map(stored.map((c) => [c.id, c]));
  return incoming.map((c) => {
    const old = before.get(c.id);
    const { isUserEdited: _ignored, analysedName: _alsoIgnored, ...rest } = c;
    if (c.isUserCreated) return rest;
    // The name the engine gave it, kept through any number of renames.
    const analysedName = old?.analysedName ?? (old && old.name !== c.name ? old.name : undefined);
    const edited =
      old?.isUserEdited === true ||
      (!!old &&
        (old.name !== c.name ||
          old.summary !== c.summary ||
          old.color.toLowerCase() !== c.color.toLowerCase() ||
          !sameList(old.alternativeNames, c.alternativeNames) ||
          !sameList(old.relationships, c.relationships)));
    if (!edited) return rest;
    return analysedName ? { ...rest, isUserEdited: true, analysedName } : { ...rest, isUserEdited: true };
  });
}
