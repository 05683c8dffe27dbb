import { describe, expect, it } from 'vitest';
import { chapterLabel, creationState, projectCountLabel } from './project-limit';

describe('project creation under the plan limits (SPEC §5)', () => {
  const free = { maxProjects: 1, unlimitedProjects: false };
  it('allows creation below the limit only', () => {
    expect(creationState(free, 0, false)).toEqual({ kind: 'allowed', maxProjects: 1, unlimited: false });
    expect(creationState(free, 1, false)).toEqual({ kind: 'limit-reached', maxProjects: 1 });
    expect(creationState({ maxProjects: 0 }, 0, false).kind).toBe('limit-reached');
  });
  it('disables creation without a numeric maxProjects', () => {
    expect(creationState({}, 0, false).kind).toBe('disabled');
    expect(creationState(null, 0, false).kind).toBe('disabled');
    expect(creationState({ maxProjects: '3' as unknown as number }, 0, false).kind).toBe('disabled');
  });
  it('waits for both the limits and the project list', () => {
    expect(creationState(free, undefined, false).kind).toBe('loading');
    expect(creationState(undefined, 0, true).kind).toBe('loading');
  });
});

describe('counts', () => {
  it('singular and plural', () => {
    expect([chapterLabel(0), chapterLabel(1), chapterLabel(12)]).toEqual(['0 chapters', '1 chapter', '12 chapters']);
    expect([projectCountLabel(1), projectCountLabel(2)]).toEqual(['1 project', '2 projects']);
  });
});
