// Highlight colours. The twelve characters with the most lines take the colours of a fixed palette
// whose colours are pairwise at least CIEDE2000 ΔE 20 apart and each readable as a highlight in both
// themes; every other character gets a colour hashed from its normalised name that keeps away from
// the palette. Placement depends on names and line counts only, never on the order of the input, so
// a character keeps its colour when a book is re-analysed (the projects service also keeps the
// colour of every character it matches: services/projects/src/domain/reanalysis.ts).
import { createRequire } from 'node:module';
import type { Character } from '@castbook/contracts';
import type * as Culori from 'culori';
import type { Lab65, Rgb } from 'culori';

// culori's single-file CommonJS build: its ES module entry is some three hundred small files, and
// resolving and compiling them took a third of the CLI's start-up (0.1 s CPU of each run).
const { clampChroma, converter, differenceCiede2000, formatHex, wcagContrast } = createRequire(import.meta.url)(
  'culori',
) as typeof Culori;

/**
 * How the workspace draws a character's colour on a quote (frontend/src/stage/workspace/
 * ContentViewer.tsx, theme in frontend/src/theme/theme.ts): the quote's text keeps the theme's text
 * colour over a background of the character colour at alpha 0.2 (light) or 0.3 (dark) on the paper,
 * and is underlined 2 px solid in the character colour itself.
 *
 * Readability is judged the way it is drawn, in both themes (WCAG 2 contrast, sRGB compositing of
 * the tint as the browser does it):
 * - text over the tint: at least 4.5:1 (AA for body text);
 * - the underline against the paper: at least 3:1 (1.4.11, non-text contrast), which is what lets
 *   the reader see whose line it is. On both papers this bounds the colour's relative luminance to
 *   about 0.13–0.30, i.e. CIELAB L* of roughly 43–62: a light colour vanishes on the dark paper, a
 *   dark one on the white paper.
 * The tints are pale by design (text over them is 9:1 or better for every palette colour), so the
 * underline carries the identity and the palette distances below are those of the colours themselves.
 */
export const HIGHLIGHT_THEMES = {
  light: { paper: '#ffffff', text: '#151827', tintAlpha: 0.2 },
  dark: { paper: '#151826', text: '#e7e9f3', tintAlpha: 0.3 },
} as const;
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_UNDERLINE_CONTRAST = 3;

/**
 * The palette, hand-checked (and checked by assignColors.test.ts): every pair at least CIEDE2000
 * ΔE 23.1 apart (the requirement is 20), every colour's underline at least 3.20:1 on both papers and
 * text over its tint at least 12.9:1 (light) and 9.0:1 (dark). The colours sit in two lightness
 * layers, L* 44 and L* 60, the ends of the readable band, so that lightness adds to the distance
 * that hue and chroma give. None is grey (CIELCh chroma 33 or more; ΔE 11 or more from the greys of
 * the dashed underline of unattributed quotes, #5b6078 and #9aa0b8). The order is farthest-first: the most
 * speaking characters get the colours furthest apart (the first four are ΔE 46 or more apart).
 *
 *   colour      name      L*   C    h    underline light / dark   text on tint light / dark
 */
export const PALETTE: readonly string[] = [
  '#fd30d5', // magenta   60  95  336   3.20 / 5.51                13.6 / 9.7
  '#00a711', // green     60  85  137   3.21 / 5.49                13.9 / 9.4
  '#b24800', // rust      44  68   54   5.50 / 3.21                13.1 / 11.3
  '#006db0', // blue      44  43  269   5.51 / 3.20                13.2 / 10.9
  '#009eb0', // cyan      60  34  215   3.22 / 5.47                14.1 / 9.3
  '#00785b', // pine      45  37  168   5.47 / 3.22                13.2 / 11.0
  '#be8501', // ochre     60  66   79   3.21 / 5.50                14.3 / 9.2
  '#686e05', // olive     44  51  106   5.50 / 3.21                13.4 / 10.9
  '#fe5258', // coral     60  74   28   3.20 / 5.51                13.9 / 9.5
  '#9188c8', // lavender  60  36  299   3.20 / 5.51                14.4 / 9.0
  '#9e506c', // plum      44  36  358   5.50 / 3.21                13.3 / 10.9
  '#8230ff', // violet    44 115  310   5.50 / 3.21                12.9 / 11.2
];

/** Hashed colours: CIELAB L* within the readable band with a margin, and clearly not grey. */
const HASHED_L = [46, 58] as const;
const HASHED_C = [30, 70] as const;
/** A hashed colour keeps at least this far (ΔE 2000) from every palette colour when it can. */
const PALETTE_GAP = 10;
/** …and this far from the other hashed colours, while there is room. */
const HASHED_GAP = 6;
/** Hashed candidates tried per character before taking the best of them. */
const PROBES = 32;

const toLab = converter('lab65');
const toRgb = converter('rgb');
const deltaE = differenceCiede2000();

function lab(hex: string): Lab65 {
  const c = toLab(hex);
  if (!c) throw new Error(`not a colour: ${hex}`);
  return c;
}

function rgb(hex: string): Rgb {
  const c = toRgb(hex);
  if (!c) throw new Error(`not a colour: ${hex}`);
  return c;
}

const PALETTE_LAB = PALETTE.map(lab);

export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** FNV-1a, 32 bits. */
export function hashName(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The contrasts of a colour drawn as a highlight (see HIGHLIGHT_THEMES): text over the tint and the
 * underline against the paper, per theme. The tint is composited in sRGB with its alpha rounded to
 * 8 bits, as the browser draws the frontend's `#rrggbbaa`.
 */
export function highlightContrast(
  hex: string,
): Record<keyof typeof HIGHLIGHT_THEMES, { text: number; underline: number }> {
  const colour = rgb(hex);
  const of = ({ paper: p, text, alpha: a }: (typeof THEME_RGB)[keyof typeof THEME_RGB]) => {
    const over = (k: 'r' | 'g' | 'b') => Math.round((colour[k] * a + p[k] * (1 - a)) * 255) / 255;
    const tint = { mode: 'rgb' as const, r: over('r'), g: over('g'), b: over('b') };
    return { text: wcagContrast(text, tint), underline: wcagContrast(colour, p) };
  };
  return { light: of(THEME_RGB.light), dark: of(THEME_RGB.dark) };
}

/** HIGHLIGHT_THEMES parsed once (every hashed candidate is checked against them), alpha rounded to 8 bits. */
const THEME_RGB = {
  light: themeRgb(HIGHLIGHT_THEMES.light),
  dark: themeRgb(HIGHLIGHT_THEMES.dark),
};

function themeRgb(t: (typeof HIGHLIGHT_THEMES)[keyof typeof HIGHLIGHT_THEMES]) {
  return { paper: rgb(t.paper), text: rgb(t.text), alpha: Math.round(t.tintAlpha * 255) / 255 };
}

export function isReadableHighlight(hex: string): boolean {
  return Object.values(highlightContrast(hex)).every(
    (c) => c.text >= MIN_TEXT_CONTRAST && c.underline >= MIN_UNDERLINE_CONTRAST,
  );
}

/** CIE XYZ of the D65 white and the CIELAB constants, as culori defines them. */
const D65_X = 0.3127 / 0.329;
const D65_Z = (1 - 0.3127 - 0.329) / 0.329;
const LAB_K = Math.pow(29, 3) / Math.pow(3, 3);
const LAB_E = Math.pow(6, 3) / Math.pow(29, 3);
const labF = (v: number) => (Math.pow(v, 3) > LAB_E ? Math.pow(v, 3) : (116 * v - 16) / LAB_K);
const gamma = (c: number) => {
  const abs = Math.abs(c);
  return abs > 0.0031308 ? (Math.sign(c) || 1) * (1.055 * Math.pow(abs, 1 / 2.4) - 0.055) : c * 12.92;
};
const inUnit = (v: number) => v >= 0 && v <= 1;

/**
 * Whether a CIELCh (D65) colour is inside sRGB: culori's `displayable` with its lch65 → lab65 → xyz65
 * → rgb conversion written out operation for operation (so every answer, and so every clamped
 * colour, is the same to the bit), without the converter objects that made colouring a tenth of an
 * analysis.
 */
function displayableLch65(l: number, c: number, h: number): boolean {
  const a = c ? c * Math.cos((h / 180) * Math.PI) : 0;
  const b = c ? c * Math.sin((h / 180) * Math.PI) : 0;
  const fy = (l + 16) / 116;
  const x = labF(a / 500 + fy) * D65_X;
  const y = labF(fy) * 1;
  const z = labF(fy - b / 200) * D65_Z;
  return (
    inUnit(gamma(x * 3.2409699419045226 - y * 1.5373831775700939 - 0.4986107602930034 * z)) &&
    inUnit(gamma(x * -0.9692436362808796 + y * 1.8759675015077204 + 0.0415550574071756 * z)) &&
    inUnit(gamma(x * 0.0556300796969936 - y * 0.2039769588889765 + 1.0569715142428784 * z))
  );
}

/** culori's bisection step for chroma in lch65: its range (0–150) over 2^13. */
const CHROMA_RESOLUTION = 150 / Math.pow(2, 13);

/**
 * `clampChroma({ mode: 'lch65', l, c, h }, 'lch65')`: the colour itself if sRGB shows it, else the
 * greatest chroma that fits, found by the same bisection as culori's (same steps, same result).
 */
function clampLch65(l: number, c: number, h: number): { mode: 'lch65'; l: number; c: number; h: number } {
  if (displayableLch65(l, c, h)) return { mode: 'lch65', l, c, h };
  // Not even grey fits: culori clips in RGB instead (never in the hashed band; kept for exactness).
  if (!displayableLch65(l, 0, h)) return clampChroma({ mode: 'lch65', l, c, h }, 'lch65');
  let start = 0;
  let end = c;
  let mid = 0;
  let lastGood = 0;
  while (end - start > CHROMA_RESOLUTION) {
    mid = start + (end - start) * 0.5;
    if (displayableLch65(l, mid, h)) {
      lastGood = mid;
      start = mid;
    } else end = mid;
  }
  return { mode: 'lch65', l, c: displayableLch65(l, mid, h) ? mid : lastGood, h };
}

/** The n-th hashed candidate for a name: hue, lightness and chroma from separate bits of one hash. */
function candidate(key: string, n: number): string {
  const h = hashName(`${key}\u0000${n}`);
  const hue = (h & 0xffff) % 360;
  const l = HASHED_L[0] + (((h >>> 16) & 0xff) % (HASHED_L[1] - HASHED_L[0] + 1));
  const c = HASHED_C[0] + ((h >>> 24) % (HASHED_C[1] - HASHED_C[0] + 1));
  return formatHex(clampLch65(l, c, hue));
}

/** The least ΔE from `c` to `others`; once it is at or below `floor` it stops looking (and returns it). */
function minDistance(c: Lab65, others: readonly Lab65[], floor = -Infinity): number {
  let min = Infinity;
  for (const o of others) {
    min = Math.min(min, deltaE(c, o));
    if (min <= floor) break;
  }
  return min;
}

/**
 * A colour for a character outside the palette: the first of its hashed candidates that is readable,
 * unused, PALETTE_GAP from the palette and HASHED_GAP from the hashed colours given so far; failing
 * that, of the candidates that keep PALETTE_GAP from the palette the one furthest from the hashed
 * colours, or else the one furthest from the palette.
 */
function hashedColor(key: string, used: ReadonlySet<string>, hashed: readonly Lab65[]): { hex: string; lab: Lab65 } {
  let best: { hex: string; lab: Lab65; apart: boolean; d: number } | undefined;
  // Past PROBES only until a readable unused colour turns up (always soon: the band holds thousands).
  for (let n = 0; n < PROBES || !best; n++) {
    const hex = candidate(key, n);
    if (used.has(hex) || !isReadableHighlight(hex)) continue;
    const c = lab(hex);
    const fromPalette = minDistance(c, PALETTE_LAB);
    if (fromPalette >= PALETTE_GAP) {
      // Only whether it beats the best so far matters, so the scan may stop early.
      const fromHashed = minDistance(c, hashed, best?.apart ? best.d : -Infinity);
      if (fromHashed >= HASHED_GAP) return { hex, lab: c };
      if (!best || !best.apart || fromHashed > best.d) best = { hex, lab: c, apart: true, d: fromHashed };
    } else if (!best || (!best.apart && fromPalette > best.d)) {
      best = { hex, lab: c, apart: false, d: fromPalette };
    }
  }
  return best;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Returns the characters with a colour each. `lines` holds the number of lines (attributed quotes)
 * of each character by id. Characters are ranked by lines, then mentions (the Characters panel's
 * order), then normalised name: the first twelve take the palette in rank order, the others a
 * hashed colour, placed in order of their normalised names. The result does not depend on the order
 * of the input, and the colours are distinct lowercase six-digit hex.
 */
export function assignColors<T extends Pick<Character, 'id' | 'name' | 'color'> & { mentions?: number }>(
  characters: readonly T[],
  lines: ReadonlyMap<string, number>,
): T[] {
  const ranked = characters
    .map((c, i) => ({
      i,
      id: c.id,
      key: normaliseName(c.name) + '\u0000' + c.name,
      lines: lines.get(c.id) ?? 0,
      mentions: c.mentions ?? 0,
    }))
    .sort(
      (a, b) =>
        b.lines - a.lines || b.mentions - a.mentions || compare(a.key, b.key) || compare(a.id, b.id) || a.i - b.i,
    );
  const colors = new Array<string>(characters.length);
  ranked.slice(0, PALETTE.length).forEach((r, rank) => (colors[r.i] = PALETTE[rank]!));
  const rest = ranked.slice(PALETTE.length).sort((a, b) => compare(a.key, b.key) || compare(a.id, b.id) || a.i - b.i);
  const used = new Set(PALETTE);
  const hashed: Lab65[] = [];
  for (const r of rest) {
    const { hex, lab: c } = hashedColor(r.key, used, hashed);
    used.add(hex);
    hashed.push(c);
    colors[r.i] = hex;
  }
  return characters.map((c, i) => ({ ...c, color: colors[i]! }));
}
