import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { createSession } from "../auth/sessions";
import { createGameRow, createRegion, createUser } from "../../testing/factories";
import { mutateOn, useServerProcesses, type ServerProcess } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";

/**
 * The chat's "one message per 10 seconds" (and 3 seconds for direct messages) is a check followed by
 * an insert: one author's messages are serialised by an advisory lock (chat/repo.ts lockAuthor), so
 * a burst over two server processes gets exactly one message through.
 */
const BURST = 16;

let deps: Deps;

describe.skipIf(!process.env.DATABASE_URL)("chat rate limits across server processes", () => {
  const servers = useServerProcesses(2);
  beforeAll(async () => {
    deps = await testDeps();
  });

  test(`${BURST} comments at once from one player: one is posted, the rest are refused with 429`, async () => {
    const region = await createRegion(deps);
    const user = await createUser(deps, { emailVerifiedAt: new Date(), regionId: region.id });
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: new Date(Date.now() + 86400_000) });
    const { token } = await createSession(deps, user.id, "chat-burst");
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => mutateOn(servers[i % 2]!, token, "chat.createComment", { gameId: game.id, text: `Nachricht ${i}` })),
    );
    expect(answers.filter((a) => a.code === "OK")).toHaveLength(1);
    expect(answers.filter((a) => a.code === "COMMENT_RATE_LIMITED").map((a) => a.status)).toEqual(Array(BURST - 1).fill(429));
    const [row] = await deps.database.query<{ n: number }>(`select count(*)::int as n from game_comments where game_id = $1 and not is_system_message`, [game.id]);
    expect(row?.n).toBe(1);
  }, 60_000);

  test(`${BURST} direct messages at once: one is sent`, async () => {
    const sender = await createUser(deps);
    const receiver = await createUser(deps);
    const { token } = await createSession(deps, sender.id, "dm-burst");
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => mutateOn(servers[i % 2]!, token, "chat.createDirectMessage", { receiverId: receiver.id, text: `Hallo ${i}` })),
    );
    expect(answers.filter((a) => a.code === "OK")).toHaveLength(1);
    expect(answers.filter((a) => a.code === "DIRECT_MESSAGE_RATE_LIMITED")).toHaveLength(BURST - 1);
  }, 60_000);
});
