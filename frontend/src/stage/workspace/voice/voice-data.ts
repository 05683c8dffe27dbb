// Pure choices the voice section makes from a project: which lines a character reads while recording,
// which take is their voice, and who plays in the line-up.
import type { Character, Quote, VoiceTake } from '@castbook/contracts';

/** How many lines the recorder offers to step through. */
export const LINES_TO_READ = 12;
/** The line-up plays this many main characters at most. */
export const LINEUP_SIZE = 8;

/**
 * The character's own longest lines (their quotes, speakerId === character id), longest first, each
 * once; ties keep the book's order. Surrounding quotation marks are dropped: the narrator reads words.
 */
export function linesToRead(quotes: readonly Quote[], characterId: string, limit = LINES_TO_READ): string[] {
  const seen = new Set<string>();
  const lines: Array<{ text: string; at: number }> = [];
  for (const q of quotes) {
    if (q.speakerId !== characterId) continue;
    const text = q.text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^["“”'‘’«»„]+|["“”'‘’«»„]+$/g, '')
      .trim();
    if (!text || seen.has(text)) continue;
    seen.add(text);
    lines.push({ text, at: q.startOffset });
  }
  lines.sort((a, b) => b.text.length - a.text.length || a.at - b.at);
  return lines.slice(0, limit).map((l) => l.text);
}

/** The take that is the character's voice (audioSample holds its url), if any. */
export function chosenTake(character: Pick<Character, 'audioSample' | 'voiceTakes'>): VoiceTake | undefined {
  if (!character.audioSample) return undefined;
  return character.voiceTakes?.find((t) => t.url === character.audioSample);
}

export interface LineupEntry {
  character: Character;
  take: VoiceTake & { playUrl: string };
}

/** The main characters (most lines first) that have a chosen, playable take. */
export function lineup(
  characters: readonly Character[],
  lineCounts: ReadonlyMap<string, number>,
  size = LINEUP_SIZE,
): LineupEntry[] {
  const entries: LineupEntry[] = [];
  for (const character of characters) {
    const take = chosenTake(character);
    if (take?.playUrl) entries.push({ character, take: { ...take, playUrl: take.playUrl } });
  }
  entries.sort(
    (a, b) =>
      (lineCounts.get(b.character.id) ?? 0) - (lineCounts.get(a.character.id) ?? 0) ||
      b.character.mentions - a.character.mentions,
  );
  return entries.slice(0, size);
}

/** The file types the upload button offers (the server decides from the bytes). */
export const UPLOAD_ACCEPT =
  '.wav,.mp3,.ogg,.oga,.opus,.webm,.m4a,audio/wav,audio/x-wav,audio/mpeg,audio/ogg,audio/webm,audio/mp4,audio/x-m4a';
