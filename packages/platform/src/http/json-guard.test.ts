import { describe, expect, it } from 'vitest';
import { checkJson, DEFAULT_JSON_LIMITS } from './json-guard.js';

describe('checkJson', () => {
  const nested = (depth: number) => {
    let v: unknown = [];
    for (let i = 0; i < depth; i++) v = { children: [v] };
    return v;
  };

  it('passes ordinary bodies', () => {
    expect(checkJson({ outline: [{ title: 'Zoë 📚', children: [] }], n: 1, ok: true, none: null })).toBeUndefined();
    expect(checkJson(nested(30))).toBeUndefined();
  });

  it('bounds nesting without recursing, however deep the body', () => {
    expect(checkJson(nested(40))).toBe('The JSON body is nested too deeply (at most 64 levels)');
    expect(checkJson(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)))).toBe(
      'The JSON body is nested too deeply (at most 64 levels)',
    );
  });

  it('bounds arrays and objects, naming where', () => {
    expect(checkJson({ characters: Array.from({ length: 10_001 }, () => 0) })).toBe(
      'body.characters has too many items (at most 10,000)',
    );
    expect(
      checkJson(
        { quotes: Array.from({ length: 10_001 }, () => 0) },
        { ...DEFAULT_JSON_LIMITS, maxArrayLength: 20_000 },
      ),
    ).toBeUndefined();
    const wide = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`k${i}`, i]));
    expect(checkJson({ a: [wide] })).toBe('body.a.0 has too many fields (at most 1,000)');
  });

  it('refuses NUL and unpaired surrogates in any string or field name, naming where', () => {
    expect(checkJson({ characters: [{ name: 'Anne\u0000' }] })).toBe(
      'body.characters.0.name must not contain NUL characters',
    );
    expect(checkJson({ list: ['ok', '\ud800'] })).toBe(
      'body.list.1 must be valid Unicode text (it contains an unpaired surrogate)',
    );
    expect(checkJson({ a: { 'x\u0000': 1 } })).toBe('body.a (a field name) must not contain NUL characters');
    expect(checkJson('\u0000')).toBe('body must not contain NUL characters');
  });
});
