export { findQuotes, detectQuoteStyle, quotesOfParagraphs, type QuoteStyle } from './findQuotes.js';
export { splitParagraphs, type Paragraph } from './paragraphs.js';
