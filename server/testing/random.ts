/**
 * The seeded generator (mulberry32) of tests that play random orders: the same seed plays the same order again, so a
 * failure can be replayed. Returns numbers in [0, 1). One copy for the server's tests and the matchday algorithms.
 */
export { seededRandom } from "@shared/matchday/random";
