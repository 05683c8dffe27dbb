// The SPEC §3 outline types, their levels and classes: plain data without zod, so that the analysis
// engine, which needs them at run time, imports this file alone (`@castbook/contracts/outline-levels`)
// and not every schema of the API (loading those cost 0.14 s CPU of each CLI run).

/** Outline item types and their levels (SPEC §3). Higher level = larger unit. */
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
export type OutlineType = keyof typeof OUTLINE_LEVELS;

/** The broad class each outline type maps to (SPEC §3: book, part or chapter). */
export function outlineClass(type: OutlineType): 'book' | 'part' | 'chapter' {
  const level = OUTLINE_LEVELS[type];
  if (level >= 70) return 'book';
  if (level >= 50) return 'part';
  return 'chapter';
}
