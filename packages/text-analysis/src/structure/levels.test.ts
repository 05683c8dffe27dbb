import {
  OUTLINE_LEVELS as CONTRACT_LEVELS,
  outlineClass as contractClass,
  type OutlineType,
} from '@castbook/contracts';
import { describe, expect, it } from 'vitest';
import { OUTLINE_LEVELS, outlineClass } from './levels.js';

describe('outline levels', () => {
  it('are the contracts’ levels and classes, type for type', () => {
    expect(OUTLINE_LEVELS).toEqual(CONTRACT_LEVELS);
    for (const type of Object.keys(CONTRACT_LEVELS) as OutlineType[])
      expect(outlineClass(type), type).toBe(contractClass(type));
  });
});
