import { describe, expect, it } from 'vitest';
import { isPublicApi, isSignedSampleUrl } from './public-routes.js';

describe('calls without a token', () => {
  it("SPEC §7's public routes only", () => {
    expect(isPublicApi('POST', '/api/auth/login')).toBe(true);
    expect(isPublicApi('GET', '/api/health')).toBe(true);
    expect(isPublicApi('GET', '/api/projects')).toBe(false);
    expect(isPublicApi('GET', '/api/upload/audio/a.wav')).toBe(false);
  });

  it("a voice sample's signed playback URL: GET or HEAD of one sample, with a signature", () => {
    const signed = '/api/upload/audio/0b8f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b.wav?user=u&expires=1&signature=ab';
    expect(isSignedSampleUrl('GET', signed)).toBe(true);
    expect(isSignedSampleUrl('HEAD', signed)).toBe(true);
    expect(isSignedSampleUrl('DELETE', signed)).toBe(false);
    expect(isSignedSampleUrl('POST', '/api/upload/audio?signature=ab')).toBe(false);
    expect(isSignedSampleUrl('GET', '/api/upload/audio/a.wav')).toBe(false);
    expect(isSignedSampleUrl('GET', '/api/upload/audio/a.wav?user=u&expires=1')).toBe(false);
    expect(isSignedSampleUrl('GET', '/api/projects/p1?signature=ab')).toBe(false);
    expect(isSignedSampleUrl('GET', '/api/upload/audio/x/../../projects?signature=ab')).toBe(false);
  });
});
