// Time comes from one injectable clock, so tests (and the e2e stack's test-clock route) can move past
// a trial's end or a billing period without waiting. The offset is this process's own: the test clock
// is for one-process stacks (embedded mode, tests), never for production.
export interface Clock {
  now(): Date;
  /** A wall-clock instant (an event's occurredAt) on this clock's time line. */
  at(wall: Date): Date;
}

export class AdjustableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: () => number = Date.now) {}

  now(): Date {
    return new Date(this.base() + this.offsetMs);
  }

  at(wall: Date): Date {
    return new Date(wall.getTime() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!(ms > 0)) throw new Error('the clock only moves forward');
    this.offsetMs += ms;
  }
}

export const systemClock: Clock = { now: () => new Date(), at: (wall) => wall };

const clocks = new WeakMap<object, AdjustableClock>();

/**
 * The one clock of a billing instance: its consumers and its routes get the same service context, so
 * both read time (and a moved test clock) from here. Without it a Pro sign-up after the test clock
 * moved got a trial dated by the wall clock, already ended on billing's time line.
 */
export function serviceClock(ctx: object): AdjustableClock {
  let clock = clocks.get(ctx);
  if (!clock) clocks.set(ctx, (clock = new AdjustableClock()));
  return clock;
}
