// Bounds a parsed JSON body before any schema sees it (the Hardening issue). zod validates recursive
// shapes (an outline) recursively, so a 2,000-deep body overflowed the stack; a million-item array
// makes it work for nothing; and NUL or an unpaired surrogate anywhere reaches PostgreSQL, which
// refuses it with an error (22021, 22P05) that used to surface as a 500. This walk is iterative, so
// no depth can overflow it, and it stops at the first problem, naming where it is.
import { hasUnstorableText, TEXT_MESSAGES } from '@castbook/contracts';

export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the body itself is level 1). */
  maxDepth: number;
  /** Most items in any one array. */
  maxArrayLength: number;
  /** Most keys in any one object. */
  maxKeys: number;
}

/**
 * Wide enough for every body the app sends: an outline nests two levels per outline level (item and
 * its children) and has at most 13 levels; the largest list a route takes by default is 10,000
 * characters. A route with a longer list raises maxArrayLength in its `config.jsonLimits`.
 */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxArrayLength: 10_000, maxKeys: 1_000 };

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | undefined;
  key: string | number | undefined;
}

function pathOf(frame: Frame, root: string): string {
  const keys: Array<string | number> = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) keys.push(f.key!);
  return [root, ...keys.reverse()].join('.');
}

/** What is wrong with a string found at `frame` under `key` (a field name itself when isKey). */
function stringProblem(
  text: string,
  frame: Frame | undefined,
  key: string | number | undefined,
  root: string,
  isKey = false,
) {
  if (!hasUnstorableText(text)) return undefined;
  const base = frame ? pathOf(frame, root) : root;
  const where = isKey ? `${base} (a field name)` : key === undefined ? base : `${base}.${key}`;
  return text.includes('\u0000') ? TEXT_MESSAGES.nul(where) : TEXT_MESSAGES.surrogate(where);
}

/** The first thing wrong with a parsed JSON value under the limits, as a message; undefined if none. */
export function checkJson(value: unknown, limits: JsonLimits = DEFAULT_JSON_LIMITS, root = 'body'): string | undefined {
  if (typeof value === 'string') return stringProblem(value, undefined, undefined, root);
  if (value === null || typeof value !== 'object') return undefined;
  // Only containers go on the stack; strings are checked where they are found.
  const stack: Frame[] = [{ value, depth: 1, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > limits.maxDepth) {
      return `The JSON body is nested too deeply (at most ${limits.maxDepth} levels)`;
    }
    if (Array.isArray(frame.value)) {
      const items = frame.value as unknown[];
      if (items.length > limits.maxArrayLength) {
        return `${pathOf(frame, root)} has too many items (at most ${limits.maxArrayLength.toLocaleString('en-US')})`;
      }
      for (let i = items.length - 1; i >= 0; i--) {
        const item = items[i];
        if (typeof item === 'string') {
          const problem = stringProblem(item, frame, i, root);
          if (problem) return problem;
        } else if (item !== null && typeof item === 'object') {
          stack.push({ value: item, depth: frame.depth + 1, parent: frame, key: i });
        }
      }
      continue;
    }
    const object = frame.value as Record<string, unknown>;
    const keys = Object.keys(object);
    if (keys.length > limits.maxKeys) {
      return `${pathOf(frame, root)} has too many fields (at most ${limits.maxKeys.toLocaleString('en-US')})`;
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const problem = stringProblem(key, frame, key, root, true);
      if (problem) return problem;
      const item = object[key];
      if (typeof item === 'string') {
        const itemProblem = stringProblem(item, frame, key, root);
        if (itemProblem) return itemProblem;
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, depth: frame.depth + 1, parent: frame, key });
      }
    }
  }
  return undefined;
}
