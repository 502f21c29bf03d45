import { beforeAll, describe, expect, test } from "bun:test";
import { CSRF_HEADER, LOGIN_THROTTLE } from "@shared/constants";
import type { Deps } from "../../context";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { useServerProcesses, type ServerProcess } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";

/**
 * Two real server processes on one PostgreSQL; one address fires 60 wrong passwords for one
 * account at both at once, then the right one while they are still being answered. The
 * throttle counts each attempt before its password is checked, so only the 5 free guesses are
 * checked and the right password gets "try again in …" like everybody else.
 */
const GUESSES = 60;

let deps: Deps;

type LoginAnswer = { status: number; code: string; retryAfterSeconds?: number };

async function login(server: ServerProcess, email: string, password: string): Promise<LoginAnswer> {
  const csrf = "c".repeat(48);
  const res = await fetch(`${server.url}/trpc/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: server.url },
    body: JSON.stringify({ json: { email, password } }),
  });
  const body = (await res.json()) as {
    result?: unknown;
    error?: { json: { data: { app: { code: string; details?: { retryAfterSeconds?: number } } } } };
  };
  const app = body.error?.json.data.app;
  return { status: res.status, code: app?.code ?? "OK", retryAfterSeconds: app?.details?.retryAfterSeconds };
}

describe.skipIf(!process.env.DATABASE_URL)("login throttling across server processes", () => {
  const servers = useServerProcesses(2);
  beforeAll(async () => {
    deps = await testDeps();
  });

  test(
    `${GUESSES} parallel wrong passwords and the right one over two servers: only the free guesses are checked`,
    async () => {
      const user = await createUser(deps);
      const free = LOGIN_THROTTLE.accountFreeFailures;
      // The right password goes out as soon as the first guess is refused (or all are answered).
      let fireRight!: () => void;
      const rightMayGo = new Promise<void>((r) => (fireRight = r));
      const guesses = Array.from({ length: GUESSES }, (_, i) =>
        login(servers[i % 2]!, user.email, "falsch!").then((a) => {
          if (a.code === "TOO_MANY_LOGIN_ATTEMPTS") fireRight();
          return a;
        }),
      );
      void Promise.allSettled(guesses).then(() => fireRight());
      const right = rightMayGo.then(() => login(servers[1]!, user.email, FACTORY_PASSWORD));
      const answers = await Promise.all(guesses);

      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const invalid = answers.filter((a) => a.code === "INVALID_CREDENTIALS").length;
      expect(invalid).toBeLessThanOrEqual(free);
      expect(answers.filter((a) => a.code === "TOO_MANY_LOGIN_ATTEMPTS").length).toBe(GUESSES - invalid);
      expect(answers.filter((a) => a.code === "TOO_MANY_LOGIN_ATTEMPTS").every((a) => a.status === 429)).toBe(true);

      const rightAnswer = await right;
      expect(rightAnswer).toMatchObject({ status: 429, code: "TOO_MANY_LOGIN_ATTEMPTS" });
      expect(rightAnswer.retryAfterSeconds).toBeGreaterThan(0);
      expect(rightAnswer.retryAfterSeconds).toBeLessThanOrEqual(LOGIN_THROTTLE.accountBaseLockSeconds);
      // exactly the checked guesses are remembered as failures
      const [row] = await deps.database.query<{ failures: number }>(`select failures from login_throttle where key = $1`, [
        `account:${user.email}`,
      ]);
      expect(row?.failures).toBe(invalid);
    },
    60_000,
  );
});
