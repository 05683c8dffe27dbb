// Text as each file format can hold it. A project's text may hold the vertical tab and form feed
// (what parse-document lets through), which XML 1.0, and so a .docx, cannot; PDF's standard fonts
// encode WinAnsi only (docs/decisions.md, "Exports").

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with what XML 1.0 cannot hold turned into spaces. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, ' ');
}

/** The characters above Latin-1 that WinAnsi (Windows-1252) has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function inWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * The text as PDF's standard fonts can draw it: accented letters outside WinAnsi lose their accent
 * (ő → o), whitespace becomes a space, anything else left becomes '?'.
 */
export function winAnsiText(text: string): string {
  let out = '';
  for (const ch of text) {
    if (inWinAnsi(ch)) out += ch;
    else if (/\s/.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...base].every(inWinAnsi) && base ? base : '?';
    }
  }
  return out;
}
