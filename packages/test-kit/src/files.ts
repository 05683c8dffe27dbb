// Opening the files the app produces (issue 19's exports), for integration tests and e2e specs: a
// .docx's document.xml and its paragraphs' texts (fflate's unzip), a PDF's pages and text (pdf.js).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** word/document.xml of a .docx; throws when the bytes are not a zip holding one. */
export function docxDocumentXml(bytes: Uint8Array): string {
  const files = unzipSync(bytes, { filter: (f) => f.name === 'word/document.xml' });
  const xml = files['word/document.xml'];
  if (!xml) throw new Error('not a .docx: no word/document.xml in the zip');
  return strFromU8(xml);
}

/** The texts of document.xml's paragraphs (table cells included), runs joined, entities decoded. */
export function docxParagraphs(xml: string): string[] {
  const decode = (s: string) =>
    s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!);
  return [...xml.matchAll(/<w:p[ >].*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => decode(t[1]!)).join(''),
  );
}

/** pdf.js's own metrics of the 14 standard fonts (the exports are set in them). */
const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

/** A PDF's page count and text, lines as pdf.js ends them, runs of spaces as one. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const task = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl });
  const pdf = await task.promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('') + '\n';
  }
  const pages = pdf.numPages;
  await task.destroy();
  return { pages, text: text.replace(/[ \t]+/g, ' ') };
}
