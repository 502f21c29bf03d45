import { describe, expect, test } from "bun:test";
import { chunksForPath, routePathOfFile, type RouteChunks } from "./route-chunks";

describe("routePathOfFile", () => {
  test.each([
    ["games.$regionSlug.tsx", "/games/$regionSlug"],
    ["game.$id.index.tsx", "/game/$id"],
    ["game.$id.$name.tsx", "/game/$id/$name"],
    ["game.$id.tsx", "/game/$id"],
    ["index.tsx", "/"],
    ["_authed/chat.tsx", "/chat"],
    ["_authed/user.$id.chat.tsx", "/user/$id/chat"],
    ["_authed/profile.index.tsx", "/profile"],
    ["__root.tsx", null],
    ["_authed.tsx", null],
  ])("%s is %s", (file, path) => expect(routePathOfFile(file)).toBe(path));
});

describe("chunksForPath", () => {
  const chunks: RouteChunks = [
    { path: "/game/$id", layout: true, files: ["a/layout.js", "a/shared.js"] },
    { path: "/game/$id", layout: false, files: ["a/page.js", "a/shared.js"] },
    { path: "/game/$id/chat", layout: false, files: ["a/chat.js"] },
    { path: "/games/$regionSlug", layout: false, files: ["a/feed.js"] },
    { path: "/", layout: false, files: ["a/home.js"] },
  ];
  test("a game page: its layout and its page, each file once", () => {
    expect(chunksForPath(chunks, "/game/17").sort()).toEqual(["a/layout.js", "a/page.js", "a/shared.js"]);
  });
  test("a page below a layout gets the layout but not the sibling page", () => {
    expect(chunksForPath(chunks, "/game/17/chat").sort()).toEqual(["a/chat.js", "a/layout.js", "a/shared.js"]);
  });
  test("the feed, the home page, and paths no route names", () => {
    expect(chunksForPath(chunks, "/games/berlin")).toEqual(["a/feed.js"]);
    expect(chunksForPath(chunks, "/")).toEqual(["a/home.js"]);
    expect(chunksForPath(chunks, "/nowhere/at/all")).toEqual([]);
    expect(chunksForPath(chunks, "/games/")).toEqual([]);
  });
});
