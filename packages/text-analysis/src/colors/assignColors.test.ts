import { describe, expect, it } from 'vitest';
import { assignColors } from './assignColors.js';

const names = [
  'Elizabeth',
  'Mr. Darcy',
  'Jane',
  'Mr. Bingley',
  'Mrs. Bennet',
  'Mr. Bennet',
  'Lydia',
  'Kitty',
  'Mary',
  'Charlotte',
  'Mr. Collins',
  'Wickham',
];
const chars = names.map((name) => ({ name, color: '' }));

function lightness(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return (Math.max(r!, g!, b!) + Math.min(r!, g!, b!)) / 2;
}

describe('assignColors', () => {
  it('gives six-digit hex colours of mid lightness', () => {
    for (const c of assignColors(chars)) {
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(lightness(c.color)).toBeGreaterThan(0.35);
      expect(lightness(c.color)).toBeLessThan(0.7);
    }
  });

  it('gives distinct colours', () => {
    const colors = assignColors(chars).map((c) => c.color);
    expect(new Set(colors).size).toBe(colors.length);
  });

  it('keeps a character colour across re-analyses whatever the order', () => {
    const a = assignColors(chars);
    const b = assignColors([...chars].reverse());
    for (const c of a) expect(b.find((x) => x.name === c.name)?.color).toBe(c.color);
  });
});
