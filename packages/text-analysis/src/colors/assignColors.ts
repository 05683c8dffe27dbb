// Highlight colours: derived from a hash of the normalised name so a character keeps its colour
// when a book is re-analysed; collisions are resolved deterministically.
import type { Character } from '@castbook/contracts';

/** Mid lightness and decent saturation read as highlights on dark and light backgrounds alike. */
const SATURATION = 0.62;
const LIGHTNESS = 0.55;
/** Hues closer than this (degrees) are too alike to tell apart. */
const MIN_HUE_GAP = 12;
const HUE_STEP = 137.508; // golden angle: successive probes land far from each other

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

function hslToHex(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function hueGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

/**
 * Returns the characters with a colour each. Characters are placed in order of their normalised
 * names, so the result does not depend on the order of the input.
 */
export function assignColors<T extends Pick<Character, 'name' | 'color'>>(characters: readonly T[]): T[] {
  const order = characters
    .map((c, i) => ({ i, key: normaliseName(c.name) + '\u0000' + c.name }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const used: number[] = [];
  const colors = new Array<string>(characters.length);
  // With many characters the gap cannot hold for all; shrink it rather than loop forever.
  const gap = Math.min(MIN_HUE_GAP, 360 / Math.max(1, characters.length) / 1.5);
  for (const { i, key } of order) {
    const h0 = hashName(key) % 360;
    let hue = h0;
    for (let probe = 1; probe < 64 && used.some((u) => hueGap(u, hue) < gap); probe++)
      hue = (h0 + probe * HUE_STEP) % 360;
    used.push(hue);
    // Vary lightness a little by hash too, so equal hues after many characters still differ.
    const l = LIGHTNESS + ((hashName(key + '#') % 3) - 1) * 0.05;
    colors[i] = hslToHex(hue, SATURATION, l);
  }
  return characters.map((c, i) => ({ ...c, color: colors[i] }));
}
