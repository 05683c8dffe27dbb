// Reading uploaded documents: pure functions of bytes, shared by the CLI and the projects service.
export { decodeText, detectEncoding } from './decode.js';
export { docxToText, joinParagraphs } from './docx.js';
export { isZip } from './signature.js';
export { stripMarkup } from '../text/markup.js';
export { DEFAULT_ZIP_LIMITS, ZipLimitError, readZip, type ZipLimits } from './zip.js';
