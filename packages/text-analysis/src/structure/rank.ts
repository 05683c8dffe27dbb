// Nesting rank of an outline type. It is the SPEC level, except that front and back matter
// (preface, epilogue, ...; level 45) nests like a chapter: a chapter after a preface is its
// sibling, not its child.
import type { OutlineType } from '@castbook/contracts';
import { OUTLINE_LEVELS } from '@castbook/contracts/outline-levels';

export const MATTER_TYPES: ReadonlySet<OutlineType> = new Set<OutlineType>([
  'prologue',
  'epilogue',
  'introduction',
  'preface',
  'foreword',
  'afterword',
  'appendix',
  'glossary',
  'index',
  'conclusion',
]);

export function rank(type: OutlineType): number {
  return MATTER_TYPES.has(type) ? OUTLINE_LEVELS.chapter : OUTLINE_LEVELS[type];
}
