// Time comes from one injectable clock, so tests (and the e2e stack's test-clock route) can move past
// a trial's end or a billing period without waiting. The offset is this process's own: the test clock
// is for one-process stacks (embedded mode, tests), never for production.
export interface Clock {
  now(): Date;
}

export class AdjustableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: () => number = Date.now) {}

  now(): Date {
    return new Date(this.base() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!(ms > 0)) throw new Error('the clock only moves forward');
    this.offsetMs += ms;
  }
}

export const systemClock: Clock = { now: () => new Date() };
