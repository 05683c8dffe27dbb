// The SPEC §3 outline levels and classes of @castbook/contracts, for the engine's run time without
// the contracts' runtime: importing them from there loads every zod schema of the API, 0.14 s CPU
// of each CLI run (a fifth of a small novel's analysis). The copy cannot drift: the type below fails
// the build unless both tables hold the same types with the same levels, and levels.test.ts checks
// `outlineClass` against the contracts' own for every type.
import type { OUTLINE_LEVELS as CONTRACT_LEVELS, OutlineType } from '@castbook/contracts';

export const OUTLINE_LEVELS = {
  series: 100,
  saga: 95,
  collection: 90,
  anthology: 90,
  omnibus: 90,
  volume: 80,
  book: 70,
  part: 60,
  act: 55,
  section: 50,
  prologue: 45,
  epilogue: 45,
  introduction: 45,
  preface: 45,
  foreword: 45,
  afterword: 45,
  appendix: 45,
  glossary: 45,
  index: 45,
  conclusion: 45,
  chapter: 40,
  episode: 38,
  scene: 35,
  subsection: 30,
} as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Compiles only while this table and the contracts' are the same. */
export type LevelsMatchContracts = Assert<Same<typeof OUTLINE_LEVELS, typeof CONTRACT_LEVELS>>;

/** The broad class of an outline type (SPEC §3), as the contracts' `outlineClass`. */
export function outlineClass(type: OutlineType): 'book' | 'part' | 'chapter' {
  const level = OUTLINE_LEVELS[type];
  if (level >= 70) return 'book';
  if (level >= 50) return 'part';
  return 'chapter';
}
