// Book-wide passes run for a second or more on a long book (3.3 MB: the speaker stage 1.6 s), and
// the analysis service runs them on its event loop between its other work (health checks, lease
// heartbeats, in embedded mode every request of the app). So the long passes are generators that
// pause (yield nothing) every so often; `analyzeSteps` turns each pause into a step, after which
// its caller gives its event loop a turn. Called directly, a pass runs to its end (`runToEnd`).

/** A pass that pauses between pieces of its work and returns its result at the end. */
export type Pausing<R> = Generator<void, R>;

/** Runs a generator to its end and returns its result: the pass without its pauses. */
export function runToEnd<R>(steps: Generator<unknown, R>): R {
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}
