import { describe, expect, it } from 'vitest';
import { SIDEBAR_PAGES } from '../nav/pages';
import { HELP_SECTIONS } from './support-content';

describe('support sections', () => {
  it('are the seven of SPEC §2, in order, with unique anchors', () => {
    expect(HELP_SECTIONS.map((s) => s.title)).toEqual([
      'Getting Started',
      'Project Management',
      'Author Management',
      'Script Analysis',
      'Character Management',
      'Voice Recording',
      'Account Management',
    ]);
    const ids = HELP_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z-]+$/);
  });

  it('tie every section about an unshipped screen to a page of the sidebar', () => {
    for (const s of HELP_SECTIONS.filter((x) => x.dependsOn))
      expect(SIDEBAR_PAGES.some((p) => p.title === s.dependsOn)).toBe(true);
  });

  it('describe voice samples as they work: recording steps, takes, plans', () => {
    const voice = HELP_SECTIONS.find((s) => s.id === 'voice-recording')!;
    expect(voice.planned).toBeUndefined();
    expect(voice.blocks.some((b) => b.steps?.some((step) => step.includes('Record')))).toBe(true);
    expect(JSON.stringify(voice)).toContain('five takes');
    expect(JSON.stringify(voice)).not.toContain('does not record audio yet');
  });

  it('claim none of the features PRODUCT.md says do not exist', () => {
    const text = JSON.stringify(HELP_SECTIONS).toLowerCase();
    for (const claim of ['two-factor', '2fa', 'export', 'delete your account', 'api access', 'team', 'personality'])
      expect(text, claim).not.toContain(claim);
  });
});
