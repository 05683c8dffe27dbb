// Speaker colours: a character's own colour, else a hue hashed from the speaker id (SPEC §9), and the
// tints that keep quoted text readable in both themes (the text keeps the theme's colour; the
// speaker's colour is a translucent background and a solid underline).
import type { Character } from '@castbook/contracts';

/** A stable hue in [0, 360) from a string (FNV-1a). */
export function hueOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 360;
}

export function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The colour hashed from a speaker id: the fallback when the speaker has no character colour. */
export function fallbackColor(speakerId: string): string {
  return hslToHex(hueOf(speakerId), 70, 50);
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colour of a speaker: the character's valid hex colour, or the hashed fallback. */
export function speakerColor(speakerId: string, character: Pick<Character, 'color'> | undefined): string {
  return character && HEX.test(character.color) ? character.color : fallbackColor(speakerId);
}

/** `#rrggbb` with an alpha channel, for translucent tints. */
export function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(Math.max(0, Math.min(1, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${hex}${a}`;
}

/** A random six-digit hex colour for a new character (SPEC §4). */
export function randomHexColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
}
