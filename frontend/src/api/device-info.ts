// deviceInfo of SPEC §3, sent with every login so the session list can say which device it was.
import type { DeviceInfo } from '@castbook/contracts';

export interface DeviceEnv {
  userAgent: string;
  platform: string;
  language: string;
  timezone: string;
  screen: { width: number; height: number; colorDepth: number };
}

function osOf(ua: string): string {
  if (/Windows/i.test(ua)) return 'Windows';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/CrOS/i.test(ua)) return 'ChromeOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Unknown';
}

function clientOf(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\//.test(ua)) return 'Opera';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\/|Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Browser';
}

function typeOf(ua: string): DeviceInfo['type'] {
  if (/iPad|Tablet/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod/i.test(ua)) return 'mobile';
  if (/Windows|Macintosh|Linux|CrOS/i.test(ua)) return 'desktop';
  return 'other';
}

export function describeDevice(env: DeviceEnv): DeviceInfo {
  const os = osOf(env.userAgent);
  const client = clientOf(env.userAgent);
  return {
    name: `${client} on ${os}`,
    type: typeOf(env.userAgent),
    os,
    client,
    // The server sees the real address; the client has no honest way to know it.
    ip: '',
    metadata: {
      userAgent: env.userAgent.slice(0, 1000),
      screenResolution: `${env.screen.width}x${env.screen.height}`,
      timezone: env.timezone,
      language: env.language,
      platform: env.platform,
      colorDepth: env.screen.colorDepth,
    },
  };
}

export function currentDevice(): DeviceInfo {
  return describeDevice({
    userAgent: navigator.userAgent,
    platform: navigator.platform || 'unknown',
    language: navigator.language || 'unknown',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
  });
}
