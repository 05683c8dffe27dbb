export { findQuotes, detectQuoteStyle } from './findQuotes.js';
export { splitParagraphs, type Paragraph } from './paragraphs.js';
