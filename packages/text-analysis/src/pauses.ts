// Book-wide passes run for a second or more on a long book (3.3 MB: the speaker stage 1.6 s). A
// caller that runs the engine step by step (the analysis service, on a worker thread) hears of each
// step: it reports progress there and can stop a job there (a lost lease, a stopping instance)
// instead of only after a whole pass. So the long passes are generators that pause (yield nothing)
// every so often, and `analyzeSteps` turns each pause into a step. Called directly, a pass runs to
// its end (`runToEnd`).

/** A pass that pauses between pieces of its work and returns its result at the end. */
export type Pausing<R> = Generator<void, R>;

/** Runs a generator to its end and returns its result: the pass without its pauses. */
export function runToEnd<R>(steps: Generator<unknown, R>): R {
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}
