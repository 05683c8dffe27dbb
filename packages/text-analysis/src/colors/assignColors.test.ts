import { differenceCiede2000, parse, wcagContrast, type Rgb } from 'culori';
import { describe, expect, it } from 'vitest';
import { assignColors, PALETTE } from './assignColors.js';

// Invented names only.
const GIVEN = [
  'Orla',
  'Bram',
  'Tamsin',
  'Corvin',
  'Edda',
  'Jory',
  'Pella',
  'Wendel',
  'Ysolde',
  'Fitch',
  'Marra',
  'Oswin',
  'Delphine',
  'Hob',
  'Lirael',
];
const FAMILY = [
  'Fenwick',
  'Quillby',
  'Thrushcombe',
  'Ashgrove',
  'Pennyweather',
  'Moldrum',
  'Vexley',
  'Carrow',
  'Dunmore',
  'Spratling',
];
const NAMES = FAMILY.flatMap((f) => GIVEN.map((g) => `${g} ${f}`)); // 150

interface TestCharacter {
  id: string;
  name: string;
  color: string;
  mentions: number;
}

/** `count` characters; character i speaks `lines(i)` lines and is mentioned `count - i` times. */
function cast(count: number, lines: (i: number) => number) {
  const characters: TestCharacter[] = NAMES.slice(0, count).map((name, i) => ({
    id: `c${i}`,
    name,
    color: '',
    mentions: count - i,
  }));
  return { characters, lines: new Map(characters.map((c, i) => [c.id, lines(i)])) };
}

/** A fixed permutation (a seeded Fisher–Yates), so the test is repeatable. */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const deltaE = differenceCiede2000();

function minPairwise(colors: readonly string[]): number {
  let min = Infinity;
  for (let i = 0; i < colors.length; i++)
    for (let j = i + 1; j < colors.length; j++) min = Math.min(min, deltaE(colors[i]!, colors[j]!));
  return min;
}

// How the workspace draws a quote (frontend/src/stage/workspace/ContentViewer.tsx and
// frontend/src/theme/theme.ts): the theme's text over the speaker's colour at alpha 0.2 (light) or
// 0.3 (dark) on the paper (`#rrggbbaa`, so the alpha is rounded to 8 bits), underlined 2 px solid
// in the speaker's colour.
const THEMES = [
  { name: 'light', paper: '#ffffff', text: '#151827', alpha: Math.round(0.2 * 255) / 255 },
  { name: 'dark', paper: '#151826', text: '#e7e9f3', alpha: Math.round(0.3 * 255) / 255 },
];

function tint(hex: string, paper: string, alpha: number): Rgb {
  const c = parse(hex) as Rgb;
  const p = parse(paper) as Rgb;
  const mix = (k: 'r' | 'g' | 'b') => Math.round((c[k] * alpha + p[k] * (1 - alpha)) * 255) / 255;
  return { mode: 'rgb', r: mix('r'), g: mix('g'), b: mix('b') };
}

describe('assignColors', () => {
  it('has a palette of at least twelve distinct colours, pairwise at least ΔE2000 20 apart', () => {
    expect(PALETTE.length).toBeGreaterThanOrEqual(12);
    expect(minPairwise(PALETTE)).toBeGreaterThanOrEqual(20);
  });

  it('gives the twelve characters with the most lines colours at least ΔE2000 20 apart', () => {
    // Lines rise with i while mentions fall: the ranking goes by lines.
    const { characters, lines } = cast(40, (i) => (i * 7) % 40);
    const result = assignColors(characters, lines);
    const top = [...result].sort((a, b) => lines.get(b.id)! - lines.get(a.id)!).slice(0, 12);
    expect(minPairwise(top.map((c) => c.color))).toBeGreaterThanOrEqual(20);
    // The most speaking characters take the palette in rank order.
    expect(top.map((c) => c.color)).toEqual(PALETTE.slice(0, 12));
  });

  it('breaks ties in lines by mentions, then by name', () => {
    const { characters, lines } = cast(30, () => 5);
    const result = assignColors(characters, lines);
    // Mentions fall with i, so the first twelve take the palette.
    expect(result.slice(0, 12).map((c) => c.color)).toEqual(PALETTE.slice(0, 12));
    const same = characters.map((c) => ({ ...c, mentions: 0 }));
    const byName = [...assignColors(same, lines)].sort((a, b) =>
      a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1,
    );
    expect(byName.slice(0, 12).map((c) => c.color)).toEqual(PALETTE.slice(0, 12));
  });

  it('gives six-digit lowercase hex colours, distinct for 150 characters', () => {
    const { characters, lines } = cast(150, (i) => 150 - i);
    const colors = assignColors(characters, lines).map((c) => c.color);
    for (const c of colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(colors).size).toBe(150);
    // Characters who speak no line at all still get distinct colours.
    const silent = cast(150, () => 0);
    expect(new Set(assignColors(silent.characters, silent.lines).map((c) => c.color)).size).toBe(150);
  });

  it('keeps the other characters away from the palette', () => {
    const { characters, lines } = cast(150, (i) => 150 - i);
    const rest = assignColors(characters, lines).slice(12);
    for (const c of rest) expect(Math.min(...PALETTE.map((p) => deltaE(c.color, p)))).toBeGreaterThanOrEqual(10);
  });

  it('does not depend on the order of the input', () => {
    const { characters, lines } = cast(150, (i) => Math.floor(i / 3) % 17);
    const color = new Map(assignColors(characters, lines).map((c) => [c.id, c.color]));
    for (const order of [[...characters].reverse(), shuffled(characters, 1), shuffled(characters, 2)])
      for (const c of assignColors(order, lines)) expect(c.color, c.name).toBe(color.get(c.id));
  });

  it('keeps the colours of the most speaking characters when minor characters come and go', () => {
    const full = cast(60, (i) => 100 - i);
    const before = new Map(assignColors(full.characters, full.lines).map((c) => [c.id, c.color]));
    const fewer = full.characters.filter((_, i) => i < 12 || i % 4 === 0);
    for (const c of assignColors(fewer, full.lines).slice(0, 12)) expect(c.color).toBe(before.get(c.id));
  });

  it('is readable as a highlight in both themes, as the workspace draws it', () => {
    const { characters, lines } = cast(150, (i) => 150 - i);
    for (const { color } of assignColors(characters, lines))
      for (const theme of THEMES) {
        // The quote's text over the tint: WCAG AA for body text.
        expect(
          wcagContrast(theme.text, tint(color, theme.paper, theme.alpha)),
          `${color} text, ${theme.name}`,
        ).toBeGreaterThanOrEqual(4.5);
        // The underline that tells the speaker, against the paper: WCAG non-text contrast.
        expect(wcagContrast(color, theme.paper), `${color} underline, ${theme.name}`).toBeGreaterThanOrEqual(3);
      }
  });
});
