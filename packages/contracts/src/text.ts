// Text a user may store: what every name, title, summary and text field accepts (the Hardening
// issue). No field takes NUL (PostgreSQL refuses it: 22021 in text, 22P05 in jsonb) or an unpaired
// UTF-16 surrogate (not Unicode; PostgreSQL refuses it in jsonb and UTF-8 cannot carry it). One-line
// fields (names, titles) take no control character at all; multi-line fields (summaries) take tab
// and line breaks; a document's text also takes the vertical tab and form feed that plain-text books
// carry, exactly what POST /api/upload/parse-document lets through. Each message names the field.
import { z } from 'zod';

/** line: names and titles. text: multi-line prose (summaries). document: a whole book's text. */
export type TextKind = 'line' | 'text' | 'document';

/** C0 and C1 controls and DEL, less the whitespace controls a kind allows. */
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROLS: Record<TextKind, RegExp> = {
  line: /[\u0000-\u001f\u007f-\u009f]/,
  text: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/,
  // The same set parse-document refuses as "not a text document" (tab, LF, VT, FF and CR pass).
  document: /[\u0000-\u0008\u000e-\u001f]/,
};
/* eslint-enable no-control-regex */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextProblem = 'nul' | 'control' | 'surrogate';

/** What is wrong with a text for a field of the given kind, or undefined when nothing is. */
export function textProblem(value: string, kind: TextKind): TextProblem | undefined {
  if (value.includes('\u0000')) return 'nul';
  if (UNPAIRED_SURROGATE.test(value)) return 'surrogate';
  if (CONTROLS[kind].test(value)) return 'control';
  return undefined;
}

// One pass finds the strings worth a closer look (NUL or any surrogate); almost none are.
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const SUSPECT = /[\u0000\ud800-\udfff]/;

/** True when a string holds NUL or an unpaired surrogate: text no field may store. */
export function hasUnstorableText(value: string): boolean {
  if (!SUSPECT.test(value)) return false;
  return value.includes('\u0000') || UNPAIRED_SURROGATE.test(value);
}

export const TEXT_MESSAGES = {
  nul: (field: string) => `${field} must not contain NUL characters`,
  surrogate: (field: string) => `${field} must be valid Unicode text (it contains an unpaired surrogate)`,
  control: (field: string, kind: TextKind) =>
    kind === 'line'
      ? `${field} must not contain control characters`
      : `${field} must not contain control characters other than tabs and line breaks`,
} as const;

/** The message for a text of the given kind, or undefined when it may be stored. */
export function textMessage(field: string, value: string, kind: TextKind): string | undefined {
  const problem = textProblem(value, kind);
  if (!problem) return undefined;
  return problem === 'control' ? TEXT_MESSAGES.control(field, kind) : TEXT_MESSAGES[problem](field);
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * The same rule as a JSON Schema pattern, for the OpenAPI documents (a fuzzer then knows that a
 * control character is bad input). Unpaired surrogates cannot be said in a pattern; JSON rarely carries them.
 */
export const TEXT_PATTERNS: Record<TextKind, string> = {
  line: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$',
  text: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$',
  document: '^[^\\u0000-\\u0008\\u000e-\\u001f]*$',
};

/** Characters String.prototype.trim removes, as a character-class body. */
const TRIMMED = '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const KIND_CONTROLS: Record<TextKind, string> = {
  line: '\\u0000-\\u001f\\u007f-\\u009f',
  text: '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f',
  document: '\\u0000-\\u0008\\u000e-\\u001f',
};

/**
 * The pattern of a text of this kind that still has at least `min` characters once trimmed (a
 * required name, title or text): what `.trim().min(min)` checks, said so a fuzzer knows it.
 */
export function trimmedPattern(kind: TextKind, min: number): string {
  const any = `[^${KIND_CONTROLS[kind]}]*`;
  const solid = `[^${KIND_CONTROLS[kind]}${TRIMMED}]`;
  return `^${any}${Array.from({ length: min }, () => solid).join(any)}${any}$`;
}

function storableText(field: string, kind: TextKind, params?: StringParams) {
  return z
    .string(params)
    .superRefine((value, ctx) => {
      const message = textMessage(field, value, kind);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    })
    .meta({ pattern: TEXT_PATTERNS[kind] });
}

/** A one-line text (a name, a title): no control characters. Chain .trim(), .min(), .max() as usual. */
export const safeLine = (field: string, params?: StringParams) => storableText(field, 'line', params);
/** A multi-line text (a summary): tab and line breaks (LF, CR) are the only controls it takes. */
export const safeText = (field: string, params?: StringParams) => storableText(field, 'text', params);
/** A document's text (a project's content): also the vertical tab and form feed of plain-text books. */
export const safeDocument = (field: string, params?: StringParams) => storableText(field, 'document', params);

/**
 * An audio sample's URL as POST /api/upload/audio issues it: this app's own path to a stored sample
 * (services/projects/src/domain/uploads.ts), never a URL from elsewhere (`javascript:`, another host).
 */
export const ISSUED_AUDIO_PATH =
  /^\/api\/upload\/audio\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(wav|webm|ogg|mp3|m4a)$/;
export const AUDIO_SAMPLE_MESSAGE = 'audioSample must be a recording uploaded to this app (/api/upload/audio/…)';
export const issuedAudioSample = z.string().regex(ISSUED_AUDIO_PATH, AUDIO_SAMPLE_MESSAGE);

/**
 * Words as Castbook counts them everywhere (a plan's words per project, a project's word count, an
 * export's words per line): runs of non-space characters.
 */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/\S+/g)) n++;
  return n;
}
