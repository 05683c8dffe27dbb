// Time comes from one injectable clock, so tests can move past an expiry without waiting.
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
