// Public surface of the analysis engine: pure functions, text in, data out.
export { analyze, analyzeSteps, type AnalysisResult, type AnalysisStep, type AnalyzeOptions } from './analyze.js';
export { findQuotes, splitParagraphs, type Paragraph } from './quotes/index.js';
export { findCharacters, NARRATOR_NAME } from './characters/index.js';
// Speech verbs of dialogue tags, for the built-in character analysis's habitual verbs.
export { SPEECH_VERBS } from './characters/lexicon.js';
export { attributeQuotes, mergeNarrator, CONFIDENCE } from './attribution/index.js';
export { assignColors } from './colors/index.js';
export { detectStructure } from './structure/index.js';
export { chunk, DEFAULT_CHUNK_SIZE } from './chunk/index.js';
// Issue 19: one conversation decoded again around the user's fixes.
export { redecideConversation, type RedecidedConversation, type RedecidedQuote } from './speakers/redecide.js';
