// Attributes every quote to a speaker with deterministic sieves (after Muzny et al. 2017):
// speech tags with names, then pronoun tags, then continuation within a paragraph, then the
// paragraph's own narration, then vocatives and turn-taking across a conversation.
import type { AttributionMethod, Character, Quote } from '@castbook/contracts';
import { descriptionGender } from '../characters/descriptions.js';
import { SPEECH_VERBS, type Gender } from '../characters/lexicon.js';
import { getProfile } from '../characters/profiles.js';
import { tokenAt, tokenize, type TokenList } from '../characters/tokens.js';
import { splitParagraphs } from '../quotes/paragraphs.js';
import { aliasIndex, findMentions, firstMentionAt, resolveSharedSurnames, type Mention } from './mentions.js';
import { resolveConversations, type Turn } from './conversation.js';
import { soleTitleHolders } from '../characters/titles.js';
import { namesByAddress, type AddressTurn } from './addressed.js';
import { rolesByApposition } from './roles.js';
import { isKinNoun, kinOwner, relativeOf } from './kin.js';
import { resolvePronoun } from './pronouns.js';
import { actionBefore, opensClause, tagAfter, tagBefore, type Tag, type TagContext } from './tags.js';
import { runToEnd, type Pausing } from '../pauses.js';

/**
 * Confidence of each sieve: the share of its attributions that were right on the seven PDNC
 * development novels (explicit 0.98, narrator 0.94, vocative 0.77, narration 0.63, turn-taking
 * 0.62, pronoun and described speakers 0.61, continuation 0.58), rounded down.
 */
export const CONFIDENCE: Record<AttributionMethod, number> = {
  explicit: 0.95,
  narrator: 0.9,
  vocative: 0.75,
  narration: 0.6,
  'turn-taking': 0.55,
  pronoun: 0.6,
  continuation: 0.55,
  ai: 0.8,
  user: 1,
  none: 0,
};

/** A character named fewer times is met in passing and is not taken as a speaker from context. */
const MIN_NARRATION_MENTIONS = 3;
/** The narrator's name: at most this share of its mentions in narration (the narrator says "I"). */
const MAX_NARRATOR_NAME_NARRATION = 0.2;
/** Times the narrator must be addressed by a name for it to be kept for them (as in narrator.ts). */
const MIN_NARRATOR_ADDRESS = 2;

interface Assignment {
  char: number;
  method: AttributionMethod;
}

interface QuoteInfo {
  para: number;
  /** Token range of the quote's words. */
  a: number;
  b: number;
  tag: Tag | null;
  who: Assignment | null;
  /** The relative a kin tag names ("said her father"), or -1 (`relativeOf`). */
  kin: number;
}

export interface AttributionOptions {
  tokens?: TokenList;
}

function genders(characters: readonly Character[]): Gender[] {
  return characters.map((c) => getProfile(c)?.gender ?? 'u');
}

function narratorIndex(characters: readonly Character[]): number {
  return characters.findIndex((c) => getProfile(c)?.narrator ?? c.name === 'Narrator');
}

export interface AttributionDetail {
  quotes: Quote[];
  /** How often each character is addressed in the turns next to the narrator's own turns. */
  narratorAddressedAs: Map<number, number>;
  /** Role characters ("the beadle") that an apposition names: role index -> named index. */
  roles: Map<number, number>;
  /** The speech tag of each quote (in the order of the quotes given), by character id. */
  tags: (QuoteTag | null)[];
}

/** A quote's speech tag, with characters named by id so it survives the later merges. */
export type QuoteTag =
  | { kind: 'name'; id: string }
  | { kind: 'pronoun'; pronoun: 'he' | 'she' | 'i' }
  /** `kin`: the relative a kin tag names ("said her father"), see `relativeOf`. */
  | { kind: 'other'; noun: string; kin?: string };

/**
 * Whether the narration before a quote runs into it, as a tag before a quote does (`Orla said, "…"`,
 * `Orla said: "…"`, `Orla said "…"`). After a sentence end or a semicolon the verb's sentence is over
 * (`"…," said Selwyn, pertly, Orla thought. "…"`, `"…," said the Ferryman, who agreed with all
 * that Orla said; "…"`): narration that interrupts a speech that way is the previous quote's tag.
 */
function runsInto(text: string, tokens: TokenList, lo: number, quoteTok: number, quoteStart: number): boolean {
  if (quoteTok - 1 < lo) return true;
  return !/[.!?;]/.test(text.slice(tokens.ends[quoteTok - 1]!, quoteStart));
}

/**
 * Whether the narration between two quotes (tokens [lo, hi), text [from, to)) is one clause: no
 * sentence starts inside it and no semicolon parts it (`"…," said Orla, gravely, "…"`, not `"…,"
 * Orla replied in a low tone. And Selwyn added "…"`).
 */
function oneClause(text: string, tokens: TokenList, lo: number, hi: number, from: number, to: number): boolean {
  for (let t = lo + 1; t < hi; t++) if (tokens.at(t)!.initial) return false;
  return !text.slice(from, to).includes(';');
}

/**
 * The described speaker's phrase a tag's noun at `at` opens ("gentleman" → "gentleman in the white
 * waistcoat" when the text goes on so), or undefined. Line breaks inside the phrase are spaces.
 */
function detailPhraseAt(text: string, at: number, noun: string, phrases: readonly string[]): string | undefined {
  if (phrases.length === 0) return undefined;
  const ahead = text.slice(at, at + 100).replace(/\s+/g, ' ');
  return phrases.find((p) => p.startsWith(`${noun} `) && ahead.startsWith(p) && !/^[a-z]/i.test(ahead.slice(p.length)));
}

/** Words that may follow a speech verb at the end of its sentence: "began again.", "went on.". */
const VERB_TAILS = new Set(['again', 'on', 'in', 'out', 'up', 'forth', 'thus']);

/**
 * Whether the narration tokens [lo, hi) (text ending at `end`) close with a speech verb: a colon,
 * comma or dash after it (`Mrs. Quill was continuing:`), or a full stop right after the verb and
 * at most one word such as an adverb (`Mr. Quill began.`, `Mrs. Holt began again.`). "Orla said
 * nothing." does not: the verb's object shows the speech is not to come.
 */
function endsWithSpeechVerb(text: string, tokens: TokenList, lo: number, hi: number, end: number): boolean {
  let k = hi - 1;
  if (k < lo) return false;
  const tail = text.slice(tokens.ends[k]!, end).trim();
  if (!/^[.:,\-\u2014]*$/.test(tail)) return false;
  if (/[:,\-\u2014]/.test(tail)) return true;
  const t = tokens.at(k)!;
  if (k > lo && !t.cap && (VERB_TAILS.has(t.text) || (t.text.length > 3 && t.text.endsWith('ly')))) k--;
  const v = tokens.at(k)!;
  return !v.cap && SPEECH_VERBS.has(v.text);
}

export function attributeQuotes(
  text: string,
  quotes: readonly Quote[],
  characters: readonly Character[],
  options: AttributionOptions = {},
): Quote[] {
  return attributeDetailed(text, quotes, characters, options).quotes;
}

export function attributeDetailed(
  text: string,
  quotes: readonly Quote[],
  characters: readonly Character[],
  options: AttributionOptions = {},
): AttributionDetail {
  return runToEnd(attributeSteps(text, quotes, characters, options));
}

/** `attributeDetailed`, pausing between its sieves (see `pauses.ts`). */
export function* attributeSteps(
  text: string,
  quotes: readonly Quote[],
  characters: readonly Character[],
  options: AttributionOptions = {},
): Pausing<AttributionDetail> {
  const order = quotes.map((_, i) => i).sort((x, y) => quotes[x]!.startOffset - quotes[y]!.startOffset);
  const qs = order.map((i) => quotes[i]!);
  const tokens = options.tokens ?? tokenize(text, qs);
  const mentions = findMentions(tokens, aliasIndex(characters));
  resolveSharedSurnames(mentions, characters);
  const mentionAt = new Map<number, Mention>();
  for (const m of mentions) mentionAt.set(m.token, m);
  yield;
  const gender = genders(characters);
  const narrator = narratorIndex(characters);
  const describedBy = new Map<string, number>();
  characters.forEach((c, i) => {
    const noun = getProfile(c)?.noun;
    if (noun) describedBy.set(noun, i);
  });
  // "said the count": the book's only count, unless a role of that name was found.
  for (const [title, i] of soleTitleHolders(characters)) if (!describedBy.has(title)) describedBy.set(title, i);
  // "the gentleman in the grey waistcoat": described speakers known by a noun and a detail.
  const phrases = [...describedBy.keys()].filter((n) => n.includes(' '));
  const eligible = characters.map((c, i) => i === narrator || c.mentions >= MIN_NARRATION_MENTIONS);
  const ctx: TagContext = { tokens, mentionAt, text };

  // Paragraph of each quote.
  const paragraphs = splitParagraphs(text);
  const infos: QuoteInfo[] = [];
  let p = 0;
  for (const q of qs) {
    while (p < paragraphs.length - 1 && paragraphs[p]!.end < q!.startOffset) p++;
    infos.push({
      para: p,
      a: tokenAt(tokens, q!.startOffset),
      b: tokenAt(tokens, q!.endOffset),
      tag: null,
      who: null,
      kin: -1,
    });
  }
  const paraTok = (i: number) => tokenAt(tokens, paragraphs[i]!.start);
  const paraEndTok = (i: number) => tokenAt(tokens, paragraphs[i]!.end);

  // Sieve 1 and 2: speech tags right after or right before the quote.
  for (let i = 0; i < infos.length; i++) {
    const info = infos[i];
    const next = infos[i + 1];
    const prev = infos[i - 1];
    const afterHi = next && next.para === info!.para ? next.a : paraEndTok(info!.para);
    const beforeLo = prev && prev.para === info!.para ? prev.b : paraTok(info!.para);
    const after = tagAfter(ctx, info!.b, afterHi);
    // Narration between two quotes that opens with the first one's tag is that tag's sentence: a
    // verb in it names this quote's speaker only if it runs into the quote.
    const interrupted = !!prev && prev.para === info!.para && prev.tag?.side === 'after';
    const runs = runsInto(text, tokens, beforeLo, info!.a, qs[i]!.startOffset);
    const before = !interrupted || runs ? tagBefore(ctx, beforeLo, info!.a) : null;
    // `the Ferryman said, "…" and he went on`: a name before beats a pronoun after; and so does it
    // beat a name after that leads into the next quote (`Orla said, "…" Selwyn replied, "…"`) or
    // one read from any past-tense verb (`Orla replied, "…" Selwyn complied.`). A tag whose
    // sentence ends before the next quote leads into nothing: `Tam sighed. "…," said Orla. "…"`
    // and `"…," said Orla; "…"` are Orla's.
    const afterLeads =
      !!next && next.para === info!.para && runsInto(text, tokens, info!.b, next.a, qs[i + 1]!.startOffset);
    // `"…," said Orla, "…" Selwyn bowed.`: the second part of a speech that its first part's tag
    // runs into is the same speaker's, whatever the narration after it; only a clause of its own
    // in the interruption hands it on (`"…," said Orla, and Selwyn added, "…"`).
    const continues =
      interrupted &&
      runs &&
      oneClause(text, tokens, beforeLo, info!.a, qs[i - 1]!.endOffset, qs[i]!.startOffset) &&
      !(before && opensClause(ctx, before, beforeLo));
    // `"…," said Orla. "…" Tam picked up his cap.`: an action read as a tag (loose) does not take
    // the paragraph from the speaker its earlier quote's own tag names.
    const heldByEarlierTag = !!prev && prev.para === info!.para && !!prev.tag && !prev.tag.loose;
    info!.tag = continues
      ? { subject: prev!.tag!.subject, side: 'before' }
      : after?.loose && !before && heldByEarlierTag
        ? null
        : after &&
            !(before?.subject.kind === 'name' && (after.subject.kind !== 'name' || afterLeads || after.loose)) &&
            !(before && runs && after.loose)
          ? after
          : (before ?? after);
    // `"…," Tam said to Orla. She raised her hand. "…"`, `"…," Tam said. Orla shook her head. "…"`:
    // an untagged quote after a sentence whose he, she or name cannot be the one the paragraph's
    // earlier tag names is that person's (a loose tag).
    if (!info!.tag && prev?.para === info!.para && prev.tag?.subject.kind === 'name') {
      const earlier = prev.tag.subject.char;
      const action = actionBefore(ctx, beforeLo, info!.a);
      const other =
        action?.kind === 'name'
          ? action.char !== earlier
          : action?.kind === 'pronoun' &&
            gender[earlier] !== 'u' &&
            gender[earlier] !== (action.pronoun === 'he' ? 'm' : 'f');
      if (action && other) info!.tag = { subject: action, side: 'before', loose: true };
    }
    // `Mrs. Quill said kindly:` closing the paragraph before a quote that opens its own.
    const para = info!.para;
    // So does narration after the last quote of that paragraph when it is not that quote's own tag
    // (`"…" he replied.--A pause followed, and Mrs. Quill began again.`): a speech verb ending it
    // announces the next paragraph's speech.
    if (!info!.tag && beforeLo === info!.a && para > 0 && (!prev || prev.para < para)) {
      const pp = paragraphs[para - 1]!;
      const quoted = !!prev && prev.para === para - 1;
      const lo = quoted ? prev.b : paraTok(para - 1);
      const hi = paraEndTok(para - 1);
      const trailing = quoted ? text.slice(qs[i - 1]!.endOffset + 1, pp.end) : '';
      const own = quoted && prev.tag?.side === 'after' && !/[.!?;]\s/.test(trailing);
      const leads = /[:,-]$/.test(text.slice(pp.end - 1, pp.end)) || endsWithSpeechVerb(text, tokens, lo, hi, pp.end);
      if (!own && lo < hi && leads) info!.tag = tagBefore(ctx, lo, hi);
    }
    const s = info!.tag?.subject;
    if (!s) continue;
    if (s.kind === 'other') s.noun = detailPhraseAt(text, s.at, s.noun, phrases) ?? s.noun;
    if (s.kind === 'name') info!.who = { char: s.char, method: 'explicit' };
    else if (s.kind === 'other') {
      // "said her father": the relative of whom "her" stands for, when the family's names show one.
      const owner = isKinNoun(s.noun) ? kinOwner(tokens, mentionAt, tokenAt(tokens, s.at)) : null;
      // `"…," said Mr. Holt. ¶ "…," his wife interposed.`: in a conversation "his" is most often
      // the one who spoke just before, when a tag named him.
      const lastTagged = prev && prev.para >= info!.para - 1 ? prev.who : null;
      const ownerChar =
        owner === null
          ? -1
          : 'char' in owner
            ? owner.char
            : lastTagged?.method === 'explicit' && gender[lastTagged.char] === owner.pronoun
              ? lastTagged.char
              : resolvePronoun(mentions, tokens, s.at, owner.pronoun, gender, narrator, eligible);
      info!.kin = ownerChar >= 0 ? relativeOf(characters, gender, ownerChar, s.noun) : -1;
      // "said the old gentleman", "the child responded": usually a character already on stage.
      const g = descriptionGender(s.noun);
      const described = describedBy.get(s.noun);
      const c =
        info!.kin >= 0
          ? info!.kin
          : described !== undefined
            ? described
            : g === 'u'
              ? -1
              : resolvePronoun(mentions, tokens, s.at, g, gender, narrator, eligible);
      if (c >= 0) info!.who = { char: c, method: 'pronoun' };
    } else if (s.pronoun === 'i') info!.who = narrator >= 0 ? { char: narrator, method: 'narrator' } : null;
    else {
      const c = resolvePronoun(mentions, tokens, s.at, s.pronoun === 'he' ? 'm' : 'f', gender, narrator, eligible);
      if (c >= 0) info!.who = { char: c, method: 'pronoun' };
    }
  }

  yield;
  // Group quotes by paragraph.
  const byPara = new Map<number, number[]>();
  for (let i = 0; i < infos.length; i++) {
    const list = byPara.get(infos[i]!.para);
    if (list) list.push(i);
    else byPara.set(infos[i]!.para, [i]);
  }
  const paras = [...byPara.keys()];

  // Sieve 3: a quote without its own tag continues the tagged quote of its paragraph.
  for (const list of byPara.values()) {
    let last: Assignment | null = null;
    for (const i of list) {
      if (infos[i]!.who) last = infos[i]!.who;
      else if (last) infos[i]!.who = { char: last.char, method: 'continuation' };
    }
    last = null;
    for (let k = list.length - 1; k >= 0; k--) {
      const i = list[k]!;
      if (infos[i]!.who) last = infos[i]!.who;
      else if (last) infos[i]!.who = { char: last.char, method: 'continuation' };
    }
  }

  // Sieve 4: the paragraph's own narration names its speaker.
  for (const [para, list] of byPara) {
    if (infos[list[0]!]!.who) continue;
    const lo = paraTok(para);
    const hi = paraEndTok(para);
    let found: Assignment | null = null;
    for (let t = lo; t < hi && !found; t++) {
      if (tokens.at(t)!.inQuote) continue;
      const m = mentionAt.get(t);
      // A name met in passing ("Herodotus tells the story") is no speaker: require a few mentions.
      if (m && eligible[m.char]) found = { char: m.char, method: 'narration' };
      else if (tokens.at(t)!.text === 'I' && narrator >= 0) found = { char: narrator, method: 'narrator' };
    }
    if (found) for (const i of list) infos[i]!.who = found;
  }

  // Sieve 5: vocatives and turn-taking inside a conversation (consecutive quote paragraphs).
  const speakerOf = (para: number): number => {
    const list = byPara.get(para);
    return infos[list![0]!]!.who?.char ?? -1;
  };
  const vocativeOf = (para: number): number => {
    for (const i of byPara.get(para)!) {
      const info = infos[i];
      for (let t = info!.a; t < info!.b; t++) {
        const m = mentionAt.get(t);
        if (!m) continue;
        const before = text.slice(Math.max(0, m.start - 2), m.start);
        const after = text[m.end] ?? '';
        const atStart = t === info!.a;
        if ((atStart || /,\s?$/.test(before)) && /[,!?.;]/.test(after)) return m.char;
      }
    }
    return -1;
  };
  const setAll = (para: number, a: Assignment) => {
    for (const i of byPara.get(para)!) infos[i]!.who = a;
  };
  const turns: Turn[] = [];
  let prevEnd = 0;
  for (const para of paras) {
    // Narration mentions from the paragraph before (or the previous turn) to the end of this one.
    const lo = Math.max(prevEnd, paraTok(Math.max(0, para - 1)));
    const hi = paraEndTok(para);
    const context: number[] = [];
    for (let k = firstMentionAt(mentions, lo); k < mentions.length && mentions[k]!.token < hi; k++) {
      const m = mentions[k]!;
      if (!m.inQuote && eligible[m.char]) context.push(m.char);
    }
    prevEnd = hi;
    turns.push({ para, speaker: speakerOf(para), method: null, vocative: vocativeOf(para), context });
  }
  resolveConversations(turns);
  for (const t of turns) if (t.method && t.speaker >= 0) setAll(t.para, { char: t.speaker, method: t.method });

  // The narrator is addressed by name in the turns around their own: that is their name. A
  // first-person narrator says "I", so their name is (almost) only ever said inside quotations; a
  // name the narration uses ("Pellow went out") belongs to someone else the speakers address.
  const narrationMentions = new Map<number, number>();
  const allMentions = new Map<number, number>();
  for (const m of mentions) {
    allMentions.set(m.char, (allMentions.get(m.char) ?? 0) + 1);
    if (!m.inQuote) narrationMentions.set(m.char, (narrationMentions.get(m.char) ?? 0) + 1);
  }
  const mostlyInQuotes = (c: number) =>
    (narrationMentions.get(c) ?? 0) <= MAX_NARRATOR_NAME_NARRATION * (allMentions.get(c) ?? 0);
  const narratorAddressedAs = new Map<number, number>();
  if (narrator >= 0) {
    const seen = new Set<number>();
    for (let k = 0; k < paras.length; k++) {
      if (speakerOf(paras[k]!) !== narrator) continue;
      for (const j of [k - 1, k + 1]) {
        if (j < 0 || j >= paras.length || Math.abs(paras[j]! - paras[k]!) !== 1 || seen.has(paras[j]!)) continue;
        seen.add(paras[j]!);
        const v = vocativeOf(paras[j]!);
        if (v >= 0 && v !== narrator && speakerOf(paras[j]!) !== v && mostlyInQuotes(v))
          narratorAddressedAs.set(v, (narratorAddressedAs.get(v) ?? 0) + 1);
      }
    }
  }

  const out = quotes.map((q) => ({ ...q }));
  const tags: (QuoteTag | null)[] = quotes.map(() => null);
  order.forEach((orig, k) => {
    const s = infos[k]!.tag?.subject;
    if (s?.kind === 'name') tags[orig] = { kind: 'name', id: characters[s.char]!.id };
    else if (s?.kind === 'pronoun') tags[orig] = { kind: 'pronoun', pronoun: s.pronoun };
    else if (s?.kind === 'other') {
      const kin = infos[k]!.kin;
      tags[orig] =
        kin >= 0 ? { kind: 'other', noun: s.noun, kin: characters[kin]!.id } : { kind: 'other', noun: s.noun };
    }
    const found = infos[k]!.who;
    const who = found && found.char >= 0 ? found : null;
    out[orig]!.speakerId = who ? characters[who.char]!.id : null;
    out[orig]!.attributionMethod = who ? who.method : 'none';
    out[orig]!.confidence = CONFIDENCE[who ? who.method : 'none'];
  });
  // What the speakers call each other joins a role or a lone first name to a named character.
  // A tag names the speaker by name or by a role noun ("said the robber").
  const taggedBy = (i: number): number => {
    const s = infos[i]!.tag?.subject;
    if (s?.kind === 'name') return s.char;
    if (s?.kind === 'other') return describedBy.get(s.noun) ?? -1;
    return -1;
  };
  // Any name said to someone: "My dear Aldous, what do you mean?", "… place. Aldous, when …".
  const addressOf = (para: number): number => {
    for (const i of byPara.get(para)!) {
      for (let t = infos[i]!.a; t < infos[i]!.b; t++) {
        const m = mentionAt.get(t);
        if (!m) continue;
        const before = text.slice(Math.max(0, m.start - 8), m.start);
        if (
          (t === infos[i]!.a || /(?:[,.!?;:]\s?|\b(?:dear|dearest|my)\s)$/i.test(before)) &&
          /[,!?]/.test(text[m.end] ?? '')
        )
          return m.char;
      }
    }
    return -1;
  };
  const addressTurns: AddressTurn[] = paras.map((para) => {
    const tagged = byPara
      .get(para)!
      .map(taggedBy)
      .find((c) => c >= 0);
    return { para, tagged: tagged ?? -1, speaker: speakerOf(para), vocative: addressOf(para) };
  });
  const roles = rolesByApposition(text, characters, mentions);
  const targets = new Set(roles.values());
  // The name the narrator is called by is theirs (mergeNarrator), not another speaker's alias.
  const narratorName = [...narratorAddressedAs].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  const reserved = narratorName && narratorName[1] >= MIN_NARRATOR_ADDRESS ? narratorName[0] : -1;
  for (const [from, to] of namesByAddress(addressTurns, characters))
    if (from !== reserved && to !== reserved && !roles.has(from) && !targets.has(from) && !roles.has(to)) {
      roles.set(from, to);
      targets.add(to);
    }
  return { quotes: out, narratorAddressedAs, roles, tags };
}
