import { describe, expect, it } from 'vitest';
import { character, deviceInfo, outlineItem } from './entities.js';
import { displayName } from './auth.js';
import { countWords, issuedAudioSample, safeDocument, safeLine, safeText, textMessage, textProblem } from './text.js';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates in every kind, and allows paired ones (emoji)', () => {
    for (const kind of ['line', 'text', 'document'] as const) {
      expect(textProblem('a\u0000b', kind)).toBe('nul');
      expect(textProblem('a\ud800b', kind)).toBe('surrogate');
      expect(textProblem('\udc00', kind)).toBe('surrogate');
      expect(textProblem('a\ud83d', kind)).toBe('surrogate');
      expect(textProblem('Zoë 📚 «Anne»', kind)).toBeUndefined();
    }
  });

  it('allows line breaks and tabs only in multi-line text, form feeds only in documents', () => {
    expect(textProblem('a\nb', 'line')).toBe('control');
    expect(textProblem('a\tb', 'line')).toBe('control');
    expect(textProblem('a\u0085b', 'line')).toBe('control');
    expect(textProblem('a\u007fb', 'line')).toBe('control');
    expect(textProblem('a\r\n\tb', 'text')).toBeUndefined();
    expect(textProblem('a\u000cb', 'text')).toBe('control');
    expect(textProblem('a\u000c\u000b\r\n\tb', 'document')).toBeUndefined();
    expect(textProblem('a\u001bb', 'document')).toBe('control');
  });

  it('says what is wrong and which field', () => {
    expect(textMessage('title', 'a\u0007', 'line')).toBe('title must not contain control characters');
    expect(textMessage('summary', 'a\u0007', 'text')).toBe(
      'summary must not contain control characters other than tabs and line breaks',
    );
    expect(textMessage('name', 'a\u0000', 'line')).toBe('name must not contain NUL characters');
    expect(safeLine('title').max(3).safeParse('a\u0001').error?.issues[0]?.message).toBe(
      'title must not contain control characters',
    );
    expect(safeText('summary').safeParse('one\ntwo').success).toBe(true);
    expect(safeDocument('content').safeParse('one\u000ctwo').success).toBe(true);
    expect(displayName.safeParse('Ada\u0007').error?.issues[0]?.message).toBe(
      'Name must not contain control characters',
    );
    expect(displayName.safeParse(42).error?.issues[0]?.message).toBe('Name must be at least 2 characters');
  });

  it('is applied to names, titles, summaries and device fields', () => {
    const c = { id: 'c', name: 'Anne', color: '#336699' };
    expect(character.safeParse(c).success).toBe(true);
    expect(character.safeParse({ ...c, name: 'An\nne' }).success).toBe(false);
    expect(character.safeParse({ ...c, summary: 'A clerk.\n\tShe counts.' }).success).toBe(true);
    expect(character.safeParse({ ...c, alternativeNames: ['A\u0000'] }).success).toBe(false);
    const item = { id: 'o', parentId: null, type: 'chapter', title: 'I', startOffset: 0, endOffset: 1, children: [] };
    expect(outlineItem.safeParse({ ...item, title: 'I\u0002' }).success).toBe(false);
    const device = {
      name: 'Laptop',
      type: 'desktop',
      os: 'Linux',
      client: 'Firefox',
      ip: '',
      metadata: {
        userAgent: 'UA',
        screenResolution: '1x1',
        timezone: 'UTC',
        language: 'en',
        platform: 'x',
        colorDepth: 24,
      },
    };
    expect(deviceInfo.safeParse(device).success).toBe(true);
    expect(deviceInfo.safeParse({ ...device, os: 'Linux\u0007' }).success).toBe(false);
  });
});

describe('audio samples', () => {
  const issued = '/api/upload/audio/3f2a1c4e-9b7d-4e2a-8c1f-0a1b2c3d4e5f.wav';

  it('accepts only a path this app issued, or none', () => {
    expect(issuedAudioSample.safeParse(issued).success).toBe(true);
    const c = { id: 'c', name: 'Anne', color: '#336699' };
    expect(character.safeParse({ ...c, audioSample: null }).success).toBe(true);
    expect(character.safeParse({ ...c, audioSample: issued }).success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.example/a.wav',
      `https://evil.example${issued}`,
      `${issued}?x=1`,
      '/api/upload/audio/../../auth/me',
      '/api/upload/audio/3f2a1c4e-9b7d-4e2a-8c1f-0a1b2c3d4e5f.exe',
      'data:audio/wav;base64,AAAA',
    ]) {
      expect(character.safeParse({ ...c, audioSample: bad }).error?.issues[0]?.message, bad).toBe(
        'audioSample must be a recording uploaded to this app (/api/upload/audio/…)',
      );
    }
  });
});

describe('countWords', () => {
  it('counts runs of non-space characters, whatever separates them', () => {
    expect(countWords('  One two\tthree\n\nfour ')).toBe(4);
    // A no-break space separates words too (JavaScript's \s includes it).
    expect(countWords('"Well," said Orla\u00a0Penhallow.')).toBe(4);
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });
});
