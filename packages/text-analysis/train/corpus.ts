// The annotated dev novels as training examples for the speaker model: each novel analysed by the
// engine up to the speaker model, its turns built, and each turn labelled with the candidate that
// maps to the annotated speaker (mapped the way the shared scorer maps characters).
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze, type SpeakerInput } from '../src/analyze.js';
import { FEATURES } from '../src/speakers/features.js';
import { buildTurns, castFacts, type CastFacts, type Turn } from '../src/speakers/turns.js';
import { pdncDir } from '@castbook/test-kit/pdnc';

export interface GoldCharacter {
  id: string;
  name: string;
  aliases: string[];
}
export interface GoldQuote {
  speaker: string;
  spans: [number, number][];
}
export interface Gold {
  characters: GoldCharacter[];
  quotes: GoldQuote[];
}

export interface Novel {
  name: string;
  turns: Turn[];
  cast: CastFacts;
  /** Per character: the annotated character it maps to, or null. */
  mapped: (string | null)[];
  /** Per turn: the annotated speaker's id, or null where no annotated quotation lies under it. */
  gold: (string | null)[];
  /** Per turn: the character standing for the annotated speaker (the most named of those that map to it), or -1. */
  labels: number[];
  /**
   * Per turn: how many annotated quotations lie under it. The scorer counts quotations, and a
   * tagged one is often two of the engine's quotes (the parts either side of the tag).
   */
  quotations: number[];
}

/** The dev novels, by folder name, sorted. */
export function devNovels(): string[] {
  const dir = pdncDir();
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'gold.json')))
    .sort();
}

/** The shared scorer's name normalisation (tools/pdnc-score.mjs), so labels match what it scores. */
export function normName(s: string): string {
  return String(s)
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/'s$/, '')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(the|my|my dear|my dearest|dear|dearest|poor|old|little|young) /, '');
}

/** Predicted character index -> annotated character id, as the scorer maps them. */
function mapCharacters(gold: Gold, input: SpeakerInput): (string | null)[] {
  const goldNames = gold.characters.map((c) => new Set(c.aliases.map(normName)));
  const count = new Map<string, number>();
  for (const q of gold.quotes) count.set(q.speaker, (count.get(q.speaker) ?? 0) + 1);
  return input.characters.map((p) => {
    const own = normName(p.name);
    const names = new Set([own, ...p.alternativeNames.map(normName)].filter(Boolean));
    let best = -1;
    let bestScore = 0;
    gold.characters.forEach((g, k) => {
      let s = 0;
      for (const n of names) if (goldNames[k]!.has(n)) s += n === own ? 2 : 1;
      const tie = s === bestScore && s > 0 && (count.get(g.name) ?? 0) > (count.get(gold.characters[best]!.name) ?? 0);
      if (s > bestScore || tie) [best, bestScore] = [k, s];
    });
    return best >= 0 ? gold.characters[best]!.id : null;
  });
}

function goldSpeakerId(gold: Gold): (name: string) => string {
  const byName = new Map(gold.characters.map((c) => [normName(c.name), c.id]));
  return (name) => {
    const n = normName(name);
    return (
      byName.get(n) ?? gold.characters.find((c) => c.aliases.some((a) => normName(a) === n))?.id ?? `unlisted:${n}`
    );
  };
}

export function loadNovel(name: string): Novel {
  const dir = join(pdncDir(), name);
  const text = readFileSync(join(dir, 'text.txt'), 'utf8');
  const gold = JSON.parse(readFileSync(join(dir, 'gold.json'), 'utf8')) as Gold;
  let input: SpeakerInput | undefined;
  // Any weights of the right shape will do: only the model's input is read here.
  const untrained = { features: [...FEATURES], weights: FEATURES.map(() => 0), calibration: { x: [], y: [] } };
  analyze(text, { speakerModel: untrained, onSpeakerInput: (x) => (input = x) });
  if (!input) throw new Error(`${name}: the analysis never reached the speaker model`);
  const order = input.quotes
    .map((_, i) => i)
    .sort((a, b) => input!.quotes[a]!.startOffset - input!.quotes[b]!.startOffset);
  const quotes = order.map((i) => input!.quotes[i]!);
  const turns = buildTurns(
    text,
    quotes,
    order.map((i) => input!.tags[i] ?? null),
    input.characters,
    input.tokens,
  );
  const mapped = mapCharacters(gold, input);
  const speakerId = goldSpeakerId(gold);
  // Annotated spans in offset order, for the overlap search.
  const spans = gold.quotes
    .flatMap((q, k) => q.spans.map(([a, b]) => ({ a, b, id: speakerId(q.speaker), k })))
    .sort((x, y) => x.a - y.a);
  let s = 0;
  const goldOf: (string | null)[] = [];
  const labels: number[] = [];
  const quotations: number[] = [];
  for (const turn of turns) {
    const votes = new Map<string, number>();
    const under = new Set<number>();
    for (const k of turn.quotes) {
      const q = quotes[k]!;
      while (s < spans.length && spans[s]!.b <= q.startOffset) s++;
      for (let j = s; j < spans.length && spans[j]!.a < q.endOffset; j++) {
        const o = Math.min(q.endOffset, spans[j]!.b) - Math.max(q.startOffset, spans[j]!.a);
        if (o > 0) {
          votes.set(spans[j]!.id, (votes.get(spans[j]!.id) ?? 0) + o);
          under.add(spans[j]!.k);
        }
      }
    }
    const goldId = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    goldOf.push(goldId ?? null);
    let label = -1;
    mapped.forEach((g, c) => {
      if (g === goldId && (label < 0 || input!.characters[c]!.mentions > input!.characters[label]!.mentions)) label = c;
    });
    labels.push(label);
    quotations.push(under.size);
  }
  return { name, turns, cast: castFacts(input.characters), mapped, gold: goldOf, labels, quotations };
}
