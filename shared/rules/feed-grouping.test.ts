import { describe, expect, test } from "bun:test";
import { type FeedGroup, feedGroupOf, groupGamesByBerlinDay } from "./feed-grouping";

// Instants in UTC; comments give the Berlin wall time. 2026-11-18 is a Wednesday.
describe("feedGroupOf by Berlin calendar days", () => {
  test.each<[string, string, string, FeedGroup]>([
    // Wednesday 10:00 CET
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-18T08:00:00Z", "today"], // started an hour ago
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-18T09:00:00Z", "today"],
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-18T22:59:59.999Z", "today"], // Wed 23:59:59.999
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-18T23:00:00Z", "tomorrow"], // Thu 00:00, UTC still Wed
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-19T22:59:59.999Z", "tomorrow"],
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-19T23:00:00Z", "thisWeek"], // Fri 00:00
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-22T22:59:59.999Z", "thisWeek"], // Sun 23:59:59.999
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-22T23:00:00Z", "nextWeeks"], // Mon 00:00
    ["midweek", "2026-11-18T09:00:00Z", "2026-12-20T12:00:00Z", "nextWeeks"],
    ["midweek", "2026-11-18T09:00:00Z", "2026-11-17T20:00:00Z", "today"], // yesterday, still running
    // now just before Berlin midnight: tomorrow starts in a millisecond
    ["late", "2026-11-18T22:59:59.999Z", "2026-11-18T23:00:00Z", "tomorrow"],
    ["late", "2026-11-18T22:59:59.999Z", "2026-11-19T23:00:00Z", "thisWeek"],
    // now just after Berlin midnight (UTC still says the 18th): the 19th is today
    ["after midnight", "2026-11-18T23:00:00Z", "2026-11-19T12:00:00Z", "today"],
    ["after midnight", "2026-11-18T23:00:00Z", "2026-11-19T23:00:00Z", "tomorrow"],
    // Saturday 23:59: Sunday is tomorrow, nothing is "this week"
    ["saturday", "2026-11-21T22:59:00Z", "2026-11-21T22:59:30Z", "today"],
    ["saturday", "2026-11-21T22:59:00Z", "2026-11-21T23:00:00Z", "tomorrow"], // Sun 00:00
    ["saturday", "2026-11-21T22:59:00Z", "2026-11-22T22:59:59.999Z", "tomorrow"], // Sun 23:59
    ["saturday", "2026-11-21T22:59:00Z", "2026-11-22T23:00:00Z", "nextWeeks"], // Mon 00:00
    ["saturday", "2026-11-21T22:59:00Z", "2026-11-23T23:00:00Z", "nextWeeks"], // Tue
    // Sunday: tomorrow is Monday of next week, the rest is "next weeks"
    ["sunday", "2026-11-21T23:00:00Z", "2026-11-22T12:00:00Z", "today"],
    ["sunday", "2026-11-21T23:00:00Z", "2026-11-22T23:00:00Z", "tomorrow"], // Mon
    ["sunday", "2026-11-21T23:00:00Z", "2026-11-23T23:00:00Z", "nextWeeks"], // Tue
    // Monday 00:00: the whole week ahead is "this week"
    ["monday", "2026-11-22T23:00:00Z", "2026-11-22T22:59:00Z", "today"], // Sunday 23:59 game still running
    ["monday", "2026-11-22T23:00:00Z", "2026-11-23T23:00:00Z", "tomorrow"], // Tue
    ["monday", "2026-11-22T23:00:00Z", "2026-11-24T23:00:00Z", "thisWeek"], // Wed
    ["monday", "2026-11-22T23:00:00Z", "2026-11-29T22:30:00Z", "thisWeek"], // Sun 23:30
    ["monday", "2026-11-22T23:00:00Z", "2026-11-29T23:00:00Z", "nextWeeks"], // Mon 30th 00:00
    // Friday: Saturday is tomorrow, Sunday this week
    ["friday", "2026-11-20T12:00:00Z", "2026-11-21T12:00:00Z", "tomorrow"],
    ["friday", "2026-11-20T12:00:00Z", "2026-11-22T12:00:00Z", "thisWeek"],
    ["friday", "2026-11-20T12:00:00Z", "2026-11-23T12:00:00Z", "nextWeeks"],
    // year end: Thursday 31 December 2026
    ["new year", "2026-12-31T11:00:00Z", "2026-12-31T23:00:00Z", "tomorrow"], // Fri 1 Jan 00:00
    ["new year", "2026-12-31T11:00:00Z", "2027-01-03T22:59:00Z", "thisWeek"], // Sun 23:59
    ["new year", "2026-12-31T11:00:00Z", "2027-01-03T23:00:00Z", "nextWeeks"], // Mon 4 Jan
    // spring forward (Sunday 29 March 2026), now Saturday 13:00 CET
    ["spring sat", "2026-03-28T12:00:00Z", "2026-03-28T22:59:00Z", "today"], // Sat 23:59 CET
    ["spring sat", "2026-03-28T12:00:00Z", "2026-03-28T23:00:00Z", "tomorrow"], // Sun 00:00 CET
    ["spring sat", "2026-03-28T12:00:00Z", "2026-03-29T01:00:00Z", "tomorrow"], // Sun 03:00 CEST
    ["spring sat", "2026-03-28T12:00:00Z", "2026-03-29T21:59:59.999Z", "tomorrow"], // Sun 23:59 CEST
    ["spring sat", "2026-03-28T12:00:00Z", "2026-03-29T22:00:00Z", "nextWeeks"], // Mon 00:00 CEST
    ["spring sat", "2026-03-28T12:00:00Z", "2026-03-29T22:30:00Z", "nextWeeks"], // Mon 00:30 CEST (CET would say Sun)
    // on the change day itself, before and after the gap
    ["spring sun", "2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", "today"], // now 01:30 CET, game 03:00 CEST
    ["spring sun", "2026-03-29T00:30:00Z", "2026-03-29T21:59:59.999Z", "today"],
    ["spring sun", "2026-03-29T00:30:00Z", "2026-03-29T22:00:00Z", "tomorrow"],
    ["spring sun", "2026-03-29T21:59:59.999Z", "2026-03-29T22:00:00Z", "tomorrow"],
    // Thursday before the change: Sunday evening after the change is still this week
    ["spring thu", "2026-03-26T10:00:00Z", "2026-03-29T21:30:00Z", "thisWeek"], // Sun 23:30 CEST
    ["spring thu", "2026-03-26T10:00:00Z", "2026-03-29T22:00:00Z", "nextWeeks"],
    // fall back (Sunday 25 October 2026), now Saturday 12:00 CEST
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-24T21:59:59.999Z", "today"], // Sat 23:59 CEST
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-24T22:00:00Z", "tomorrow"], // Sun 00:00 CEST
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-25T00:30:00Z", "tomorrow"], // first 02:30
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-25T01:30:00Z", "tomorrow"], // second 02:30
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-25T22:30:00Z", "tomorrow"], // Sun 23:30 CET (CEST would say Mon)
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-25T22:59:59.999Z", "tomorrow"],
    ["autumn sat", "2026-10-24T10:00:00Z", "2026-10-25T23:00:00Z", "nextWeeks"], // Mon 00:00 CET
    ["autumn sun", "2026-10-25T22:30:00Z", "2026-10-25T22:59:00Z", "today"],
    ["autumn sun", "2026-10-25T22:30:00Z", "2026-10-25T23:00:00Z", "tomorrow"],
    ["autumn wed", "2026-10-21T10:00:00Z", "2026-10-25T22:30:00Z", "thisWeek"], // Sun 23:30 CET
    ["autumn wed", "2026-10-21T10:00:00Z", "2026-10-25T23:00:00Z", "nextWeeks"],
  ])("%s: now %s, game %s -> %s", (_label, now, start, group) => {
    expect(feedGroupOf(new Date(start), new Date(now))).toBe(group);
  });
});

describe("groupGamesByBerlinDay", () => {
  const now = new Date("2026-11-18T09:00:00Z"); // Wednesday 10:00 CET
  const game = (id: string, iso: string) => ({ id, startTime: new Date(iso) });

  test("sorted by start, ties in input order, groups in display order, empty groups left out", () => {
    const games = [
      game("next", "2026-11-30T18:00:00Z"),
      game("fri-b", "2026-11-20T18:00:00Z"),
      game("today-late", "2026-11-18T19:00:00Z"),
      game("thu-midnight", "2026-11-18T23:00:00Z"),
      game("fri-a", "2026-11-20T17:00:00Z"),
      game("today-early", "2026-11-18T08:00:00Z"),
      game("fri-b-tie", "2026-11-20T18:00:00Z"),
    ];
    const input = [...games];
    const grouped = groupGamesByBerlinDay(games, now);
    expect(grouped.map((g) => [g.group, g.games.map((x) => x.id)])).toEqual([
      ["today", ["today-early", "today-late"]],
      ["tomorrow", ["thu-midnight"]],
      ["thisWeek", ["fri-a", "fri-b", "fri-b-tie"]],
      ["nextWeeks", ["next"]],
    ]);
    expect(games).toEqual(input); // not mutated
  });

  test.each<[string, string[], [FeedGroup, string[]][]]>([
    ["nothing", [], []],
    ["only next weeks", ["2026-12-01T18:00:00Z"], [["nextWeeks", ["2026-12-01T18:00:00Z"]]]],
    [
      "today and next weeks, no gaps filled",
      ["2026-12-01T18:00:00Z", "2026-11-18T18:00:00Z"],
      [
        ["today", ["2026-11-18T18:00:00Z"]],
        ["nextWeeks", ["2026-12-01T18:00:00Z"]],
      ],
    ],
  ])("%s", (_label, starts, expected) => {
    const grouped = groupGamesByBerlinDay(starts.map((s) => game(s, s)), now);
    expect(grouped.map((g) => [g.group, g.games.map((x) => x.id)])).toEqual(expected);
  });

  test("keeps the caller's objects and their extra fields", () => {
    const g = { startTime: new Date("2026-11-18T18:00:00Z"), court: "Tempelhof" };
    expect(groupGamesByBerlinDay([g], now)[0]?.games[0]).toBe(g);
  });
});
