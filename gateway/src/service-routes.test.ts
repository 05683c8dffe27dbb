import { describe, expect, it } from 'vitest';
import { serviceFor } from './service-routes.js';

describe('gateway route table', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/auth/me', 'auth'],
    ['/api/users/profile', 'auth'],
    ['/api/users/update-profile', 'auth'],
    ['/api/subscriptions', 'billing'],
    ['/api/subscriptions/features/characters:analysis', 'billing'],
    ['/api/projects', 'projects'],
    ['/api/projects/abc', 'projects'],
    ['/api/projects/abc/analyze', 'projects'],
    ['/api/projects/abc/cancel-analysis', 'projects'],
    ['/api/projects/abc/outline', 'projects'],
    ['/api/projects/abc/analysis-progress', 'analysis'],
    ['/api/projects/abc/character-analysis', 'projects'],
    ['/api/projects/abc/analysis-progress/x', 'projects'],
    ['/api/upload/audio', 'projects'],
    ['/api/upload/parse-document', 'projects'],
    ['/api/notifications', 'projects'],
    ['/api/notifications/abc/read', 'projects'],
    ['/api/authors', 'authors'],
    ['/api/authors/123', 'authors'],
    ['/api/subscriptions/webhook', 'billing'],
    ['/pay/checkout/cs_local_0123', 'billing'],
    ['/pay/portal/bps_local_0123', 'billing'],
  ])('%s goes to %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it('does not match look-alike paths', () => {
    expect(serviceFor('/api/authorsx')).toBeUndefined();
    expect(serviceFor('/api/unknown')).toBeUndefined();
    expect(serviceFor('/payments')).toBeUndefined();
  });
});
