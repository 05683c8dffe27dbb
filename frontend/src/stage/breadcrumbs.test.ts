import { describe, expect, it } from 'vitest';
import { crumbsFor, entityIdIn, segmentLabel } from './breadcrumbs';

describe('breadcrumbs (SPEC §2)', () => {
  it('capitalises segments and turns hyphens into spaces', () => {
    expect(segmentLabel('change-password')).toBe('Change password');
    expect(segmentLabel('settings')).toBe('Settings');
  });

  it('builds one crumb per segment under /stage', () => {
    expect(crumbsFor('/stage/settings/user-profile')).toEqual([
      { label: 'Dashboard', path: '/stage' },
      { label: 'Settings', path: '/stage/settings' },
      { label: 'User profile', path: '/stage/settings/user-profile' },
    ]);
    expect(crumbsFor('/stage/')).toEqual([{ label: 'Dashboard', path: '/stage' }]);
    expect(crumbsFor('/pricing')).toEqual([]);
  });

  it('lets a screen name a segment, such as an author id', () => {
    const id = '3f2b8c9e-1d4a-4b6f-9c2e-7a5d1e0f4b3c';
    const crumbs = crumbsFor(`/stage/authors/${id}`, (seg, parent) =>
      parent === 'authors' && seg === id ? 'Jane Austen' : undefined,
    );
    expect(crumbs.at(-1)).toEqual({ label: 'Jane Austen', path: `/stage/authors/${id}` });
  });

  it('finds the author or project id a path names', () => {
    const id = '3f2b8c9e-1d4a-4b6f-9c2e-7a5d1e0f4b3c';
    expect(entityIdIn(`/stage/authors/${id}`, 'authors')).toBe(id);
    expect(entityIdIn(`/stage/projects/${id}/`, 'projects')).toBe(id);
    expect(entityIdIn('/stage/authors/new', 'authors')).toBeNull();
    expect(entityIdIn(`/stage/projects/${id}`, 'authors')).toBeNull();
  });
});
