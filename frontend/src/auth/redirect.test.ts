import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirect } from './redirect';

describe('redirect after sign-in', () => {
  it('defaults to /stage/projects', () => {
    expect(safeRedirect(null)).toBe('/stage/projects');
    expect(safeRedirect('')).toBe('/stage/projects');
  });

  it('keeps paths inside the app, with their query', () => {
    expect(safeRedirect('/stage/settings?tab=1')).toBe('/stage/settings?tab=1');
  });

  it('ignores a redirect to /login, which would loop', () => {
    for (const r of ['/login', '/login/', '/login?redirect=/stage', '/login#x'])
      expect(safeRedirect(r)).toBe('/stage/projects');
    expect(safeRedirect('/login-help')).toBe('/login-help');
  });

  it('refuses other origins', () => {
    for (const r of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeRedirect(r)).toBe('/stage/projects');
    }
  });

  it('sends a visitor to /login with the attempted path, but not from /login itself', () => {
    expect(loginUrlFor('/stage/settings?x=1')).toBe('/login?redirect=%2Fstage%2Fsettings%3Fx%3D1');
    expect(loginUrlFor('/login?redirect=%2Fstage')).toBe('/login?redirect=%2Fstage');
  });
});

describe('after logout', () => {
  it('goes to /login, or to /login?redirect=/stage when the server call failed', async () => {
    const { logoutTarget } = await import('./redirect');
    expect(logoutTarget(true)).toBe('/login');
    expect(logoutTarget(false)).toBe('/login?redirect=%2Fstage');
  });
});
