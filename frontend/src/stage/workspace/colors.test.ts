import { describe, expect, it } from 'vitest';
import { fallbackColor, hslToHex, hueOf, randomHexColor, speakerColor, withAlpha } from './colors';

describe('speaker colours', () => {
  it('uses the character colour when it is a valid hex', () => {
    expect(speakerColor('c1', { color: '#a1b2c3' })).toBe('#a1b2c3');
  });

  it('falls back to a stable hue hashed from the speaker id', () => {
    expect(speakerColor('c1', undefined)).toBe(fallbackColor('c1'));
    expect(speakerColor('c1', { color: 'red' })).toBe(fallbackColor('c1'));
    expect(fallbackColor('c1')).toMatch(/^#[0-9a-f]{6}$/);
    expect(fallbackColor('c1')).toBe(fallbackColor('c1'));
    expect(hueOf('c1')).not.toBe(hueOf('c2'));
    const hues = new Set(Array.from({ length: 50 }, (_, i) => Math.floor(hueOf(`speaker-${i}`) / 30)));
    expect(hues.size).toBeGreaterThan(6);
  });

  it('converts HSL to hex', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 50)).toBe('#00ff00');
    expect(hslToHex(240, 100, 50)).toBe('#0000ff');
    expect(hslToHex(0, 0, 100)).toBe('#ffffff');
  });

  it('adds alpha and makes random six-digit colours', () => {
    expect(withAlpha('#102030', 0.5)).toBe('#10203080');
    expect(randomHexColor(() => 0)).toBe('#000000');
    expect(randomHexColor(() => 0.999999999)).toBe('#ffffff');
    expect(randomHexColor()).toMatch(/^#[0-9a-f]{6}$/);
  });
});
