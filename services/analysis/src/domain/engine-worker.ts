// The engine's side of a job, run on a worker thread (see engine-threads.ts): the engine step by
// step, each step's progress posted back on `port`, and the result handed back already serialised,
// so that neither the engine's seconds of CPU nor the result's JSON.stringify hold up the service's
// event loop (in embedded mode, the whole app's).
import type { MessagePort } from 'node:worker_threads';
import type { OutlineItem } from '@castbook/contracts';
import { analyzeSteps, type AnalysisResult, type AnalysisStep } from '@castbook/text-analysis';

export interface EngineTask {
  text: string;
  chunkSize: number;
  /** The project's outline; undefined: the engine detects it. */
  outline: OutlineItem[] | undefined;
  /** Written at the head of the result document beside what the engine found. */
  header: { projectId: string; jobId: string; contentVersion: number };
  /** Receives an AnalysisStep after every step. */
  port: MessagePort;
}

export interface EngineOutcome {
  /** The result document: `{projectId, jobId, contentVersion, outline, characters, quotes, chunks}`. */
  json: string;
  stats: { characters: number; quotes: number; attributedQuotes: number; chunks: number };
}

export default function runEngine(task: EngineTask): EngineOutcome {
  const { text, chunkSize, outline, header, port } = task;
  try {
    const steps = analyzeSteps(text, { chunkSize, outline });
    let chunks = 0;
    let step: IteratorResult<AnalysisStep, AnalysisResult>;
    while (!(step = steps.next()).done) {
      chunks = step.value.totalChunks;
      port.postMessage(step.value);
    }
    const result = { ...step.value, chunks };
    return {
      json: JSON.stringify({ ...header, ...result }),
      stats: {
        characters: result.characters.length,
        quotes: result.quotes.length,
        attributedQuotes: result.quotes.filter((q) => q.speakerId).length,
        chunks,
      },
    };
  } finally {
    port.close();
  }
}
