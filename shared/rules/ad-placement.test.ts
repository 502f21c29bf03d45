import { describe, expect, test } from "bun:test";
import type { AdPosition } from "../constants";
import { placeAds } from "./ad-placement";
import type { FeedGroup } from "./feed-grouping";

const ad = (id: string, position: AdPosition) => ({ id, position });
const ADS = [
  ad("d", "DEFAULT"),
  ad("w", "AFTER_THIS_WEEK"),
  ad("t", "AFTER_TODAY"),
  ad("n", "AFTER_NEXT_WEEKS"),
  ad("m", "AFTER_TOMORROW"),
  ad("t2", "AFTER_TODAY"),
];

/** Groups by name, each with one game named after it; the answer as a compact list: group names in capitals, ads by id. */
function run(groupNames: FeedGroup[], complete: boolean, ads = ADS): string[] {
  const groups = groupNames.map((group) => ({ group, games: [group] }));
  return placeAds(groups, ads, { complete }).map((item) => (item.kind === "group" ? item.group.toUpperCase() : item.ad.id));
}

describe("placeAds", () => {
  test.each([
    // every group present, all pages loaded
    [["today", "tomorrow", "thisWeek", "nextWeeks"], true, ["TODAY", "t", "t2", "TOMORROW", "m", "THISWEEK", "w", "NEXTWEEKS", "n", "d"]],
    // an empty group keeps its place: its ads come where it would be
    [["today", "nextWeeks"], true, ["TODAY", "t", "t2", "m", "w", "NEXTWEEKS", "n", "d"]],
    [["nextWeeks"], true, ["t", "t2", "m", "w", "NEXTWEEKS", "n", "d"]],
    [["tomorrow"], true, ["t", "t2", "TOMORROW", "m", "w", "n", "d"]],
    // no games at all: every ad, in position order
    [[], true, ["t", "t2", "m", "w", "n", "d"]],
    // more pages to come: the last loaded group may grow, later ones are unknown
    [["today", "tomorrow"], false, ["TODAY", "t", "t2", "TOMORROW"]],
    [["today"], false, ["TODAY"]],
    [["thisWeek"], false, ["t", "t2", "m", "THISWEEK"]],
    [[], false, []],
  ] as [FeedGroup[], boolean, string[]][])("%p complete=%p", (groups, complete, expected) => {
    expect(run(groups, complete)).toEqual(expected);
  });

  test("no ads: only the groups", () => {
    expect(run(["today", "thisWeek"], true, [])).toEqual(["TODAY", "THISWEEK"]);
  });

  test("a group's games are handed on unchanged", () => {
    const games = [{ id: 1 }, { id: 2 }];
    expect(placeAds([{ group: "today", games }], [], { complete: true })).toEqual([{ kind: "group", group: "today", games }]);
  });
});
