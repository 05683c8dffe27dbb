// The whole analysis of one text: outline, characters (coloured) and attributed quotes.
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { attributeDetailed, mergeNarrator, mergeRoles, rolesByTurns } from './attribution/index.js';
import { findCharactersDetailed } from './characters/index.js';
import { assignColors } from './colors/index.js';
import { findQuotes } from './quotes/index.js';
import { detectStructure } from './structure/index.js';

export interface AnalysisResult {
  outline: OutlineItem[];
  characters: Character[];
  quotes: Quote[];
}

export function analyze(text: string, options: { outline?: OutlineItem[] } = {}): AnalysisResult {
  const outline = options.outline ?? detectStructure(text);
  const found = findQuotes(text);
  const { characters, tokens } = findCharactersDetailed(text, found);
  const detail = attributeDetailed(text, found, characters, { tokens });
  // Roles first: both merges refer to characters by their index in the list they were given.
  const roles = new Map(detail.roles);
  for (const [role, name] of rolesByTurns(text, detail.quotes, characters)) if (!roles.has(role)) roles.set(role, name);
  const named = mergeRoles(characters, detail.quotes, roles);
  const narratorIndexMap = new Map<number, number>();
  for (const [i, k] of detail.narratorAddressedAs) {
    const j = named.characters.indexOf(characters[i]!);
    if (j >= 0) narratorIndexMap.set(j, k);
  }
  const merged = mergeNarrator(named.characters, named.quotes, narratorIndexMap);
  return { outline, characters: assignColors(merged.characters), quotes: merged.quotes };
}
