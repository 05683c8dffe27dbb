// Resolves "he"/"she" of a speech tag to a character named shortly before it.
import type { Gender } from '../characters/lexicon.js';
import type { TokenList } from '../characters/tokens.js';
import type { Mention } from './mentions.js';

/** Mentions looked at before giving up. */
const LOOKBACK = 60;
/**
 * A sentence's subject is the usual antecedent ("Tamsin's lips twitched. She had expected Mrs.
 * Holt up…" → she = Tamsin): within this many characters a subject beats a later object.
 */
export const SUBJECT_WINDOW = 400;

function firstBefore(mentions: readonly Mention[], pos: number): number {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid]!.start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function resolvePronoun(
  mentions: readonly Mention[],
  tokens: TokenList,
  pos: number,
  g: Gender,
  gender: readonly Gender[],
  exclude: number,
  /** Characters that may speak: a name met once in passing is no antecedent. */
  eligible: readonly boolean[],
): number {
  let recent = -1;
  let unknown = -1;
  for (let i = firstBefore(mentions, pos), n = 0; i >= 0 && n < LOOKBACK; i--, n++) {
    const m = mentions[i]!;
    if (m.inQuote || m.char === exclude || !eligible[m.char]) continue;
    const cg = gender[m.char];
    if (cg !== g && g !== 'u') {
      if (cg === 'u' && unknown < 0) unknown = m.char;
      continue;
    }
    if (recent < 0) recent = m.char;
    if (pos - m.start > SUBJECT_WINDOW) break;
    if (tokens.at(m.token)!.initial) return m.char;
  }
  return recent >= 0 ? recent : unknown;
}
