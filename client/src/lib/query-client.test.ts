import { describe, expect, test } from "bun:test";
import { QueryObserver } from "@tanstack/react-query";
import { forgetPageAnswers, markBroughtByPage, queryClient } from "./query-client";

describe("answers the page brought (lib/boot-data.ts)", () => {
  test("are not asked again when the first screen mounts, however long it took; after the first navigation, by staleness as usual", async () => {
    const fetches: string[] = [];
    const mount = (key: string, broughtByPage: boolean) => {
      const queryKey = ["query-client-test", key];
      // the phone took five seconds from reading the page to mounting its screen
      queryClient.setQueryData(queryKey, "from the page", { updatedAt: Date.now() - 5_000 });
      if (broughtByPage) markBroughtByPage(queryClient.getQueryCache().find({ queryKey, exact: true }));
      const observer = new QueryObserver(queryClient, {
        queryKey,
        staleTime: 1_000,
        queryFn: async () => {
          fetches.push(key);
          return "asked again";
        },
      });
      return observer.subscribe(() => {});
    };
    mount("tournament", true)();
    mount("other", false)();
    expect(fetches).toEqual(["other"]);
    forgetPageAnswers();
    mount("tournament", false)();
    expect(fetches).toEqual(["other", "tournament"]);
    queryClient.clear();
  });
});
