// Text as each file format can hold it. A project's text may hold the vertical tab and form feed
// (what parse-document lets through), which XML 1.0, and so a .docx, cannot. PDF's standard fonts
// encode WinAnsi only: what they cannot draw is set in Noto Serif (docs/decisions.md, "Exports").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with what XML 1.0 cannot hold turned into spaces. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, ' ');
}

/** The characters above Latin-1 that WinAnsi (Windows-1252) has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Text the standard fonts draw whole: most books, so most calls stop at this test. */
const ALL_WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

function inWinAnsi(code: number, ch: string): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * Noto Serif's subsets (@fontsource/noto-serif, OFL): latin-ext holds the IPA of pronunciations,
 * the others Cyrillic, Greek and Vietnamese. Each file covers the ranges its unicode.json gives.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
export type FallbackFont = `noto-serif-${(typeof SUBSETS)[number]}`;

const require = createRequire(import.meta.url);
let fallbacks: { name: FallbackFont; ranges: [number, number][]; file: string }[] | undefined;
function fallbackFonts() {
  if (!fallbacks) {
    const unicode = JSON.parse(readFileSync(require.resolve('@fontsource/noto-serif/unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    fallbacks = SUBSETS.map((subset) => ({
      name: `noto-serif-${subset}` as const,
      ranges: (unicode[subset] ?? '').split(',').map((r): [number, number] => {
        const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
      }),
      file: require.resolve(`@fontsource/noto-serif/files/noto-serif-${subset}-400-normal.woff`),
    }));
  }
  return fallbacks;
}

/** The fallback fonts' names and files, for the PDF to register. */
export function pdfFallbackFonts(): { name: FallbackFont; file: string }[] {
  return fallbackFonts().map(({ name, file }) => ({ name, file }));
}

export interface PdfRun {
  text: string;
  /** Absent: the standard font the caller chose; else the Noto Serif subset that has the glyphs. */
  font?: FallbackFont;
}

/**
 * The text cut into runs the PDF can draw: WinAnsi in the standard font, anything else in the first
 * Noto Serif subset that covers it; other whitespace becomes a space, what no font has a '?'.
 */
export function pdfRuns(text: string): PdfRun[] {
  if (ALL_WIN_ANSI.test(text)) return [{ text }];
  const runs: PdfRun[] = [];
  const push = (ch: string, font?: FallbackFont) => {
    const last = runs.at(-1);
    if (last && last.font === font) last.text += ch;
    else runs.push(font ? { text: ch, font } : { text: ch });
  };
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (inWinAnsi(code, ch)) push(ch);
    else if (/\s/.test(ch)) push(' ');
    else {
      const font = fallbackFonts().find((f) => f.ranges.some(([a, b]) => code >= a && code <= b));
      if (font) push(ch, font.name);
      else push('?');
    }
  }
  return runs;
}
