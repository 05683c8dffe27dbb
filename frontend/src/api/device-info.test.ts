import { describe, expect, it } from 'vitest';
import { deviceInfo } from '@castbook/contracts';
import { describeDevice } from './device-info';
import { rememberFromExpiry } from './token';

const env = (userAgent: string) => ({
  userAgent,
  platform: 'x',
  language: 'en-GB',
  timezone: 'Europe/London',
  screen: { width: 1280, height: 800, colorDepth: 24 },
});

describe('deviceInfo (SPEC §3)', () => {
  it('describes a desktop browser and satisfies the contract', () => {
    const info = describeDevice(
      env('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'),
    );
    expect(info).toMatchObject({ name: 'Chrome on Linux', type: 'desktop', os: 'Linux', client: 'Chrome', ip: '' });
    expect(info.metadata.screenResolution).toBe('1280x800');
    expect(deviceInfo.safeParse(info).success).toBe(true);
  });

  it('recognises phones and tablets', () => {
    expect(
      describeDevice(
        env(
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
        ),
      ).type,
    ).toBe('mobile');
    expect(
      describeDevice(env('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1')).type,
    ).toBe('tablet');
    expect(describeDevice(env('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140.0 Mobile Safari/537.36')).os).toBe(
      'Android',
    );
  });
});

describe('where a registration token is kept', () => {
  it('in localStorage only when the session outlives a day', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(rememberFromExpiry('2030-01-31T00:00:00Z', now)).toBe(true);
    expect(rememberFromExpiry('2030-01-01T20:00:00Z', now)).toBe(false);
    expect(rememberFromExpiry(undefined, now)).toBe(false);
  });
});
