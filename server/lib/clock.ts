/** "Now" comes from here so tests can travel in time (conventions: time is explicit). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
