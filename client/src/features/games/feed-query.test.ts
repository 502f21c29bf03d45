import { describe, expect, test } from "bun:test";
import { feedFilterOf, parseFeedSearch, type FeedSearch } from "./feed-query";

describe("parseFeedSearch", () => {
  test.each<[Record<string, unknown>, FeedSearch]>([
    [{}, {}],
    [{ tab: "all" }, {}],
    [{ tab: "mine" }, { tab: "mine" }],
    [{ tab: "mine", filter: "waiting" }, { tab: "mine", filter: "waiting" }],
    [{ tab: "mine", filter: "playing" }, { tab: "mine" }],
    [{ tab: "tournaments", filter: "waiting" }, { tab: "tournaments" }],
    [{ filter: "organising" }, {}],
    [{ courtId: "12" }, { courtId: 12 }],
    [{ courtId: "-3" }, {}],
    [{ courtId: "abc" }, {}],
    [{ courtId: "1.5", tab: "nope" }, {}],
  ])("%o -> %o", (search, expected) => {
    expect(parseFeedSearch(search)).toEqual(expected);
  });
});

test("feedFilterOf: which games a view asks for", () => {
  expect(feedFilterOf({}, false)).toBe("all");
  expect(feedFilterOf({ tab: "mine" }, true)).toBe("playing");
  expect(feedFilterOf({ tab: "mine", filter: "organising" }, true)).toBe("organising");
  expect(feedFilterOf({ tab: "mine" }, false)).toBeNull();
  expect(feedFilterOf({ tab: "tournaments" }, true)).toBeNull();
});
