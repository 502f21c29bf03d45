import { withoutPersonalData } from "@shared/telemetry";
import type { Config } from "../../config";
import type { Logger } from "../../lib/logger";
import { buildVersion } from "./release";

/** Where the server's unexpected errors go: a Sentry-compatible service (ERROR_REPORTING_DSN), or nowhere. */
export type ErrorReporter = {
  /** Reports an unexpected error; `userId` is the only personal datum sent (README Decisions "No personal data"). */
  report(error: unknown, context: { userId: number | null; where: string }): void;
  /** Waits until what was reported has been sent (tests, shutdown). */
  flush(timeoutMs?: number): Promise<boolean>;
};

const OFF: ErrorReporter = { report() {}, flush: async () => true };

type Client = import("@sentry/bun").NodeClient;
type Sentry = typeof import("@sentry/bun");
const clients = new Map<string, Promise<{ sentry: Sentry; client: Client }>>();

/**
 * The SDK is loaded on the first report only, so a server without a DSN (the default) never loads it. One
 * client per DSN, used directly with its own scope per report instead of `Sentry.init`: no global hooks on
 * the process (uncaught exceptions keep their behaviour) and no auto-instrumentation collecting request data.
 */
function clientFor(dsn: string, environment: string, logger: Logger | null) {
  let pending = clients.get(dsn);
  if (!pending) {
    pending = import("@sentry/bun").then((sentry) => {
      const client = new sentry.NodeClient({
        dsn,
        release: buildVersion(),
        environment,
        transport: sentry.makeFetchTransport,
        stackParser: sentry.defaultStackParser,
        integrations: [sentry.linkedErrorsIntegration(), sentry.dedupeIntegration()],
        beforeSend: (event) => withoutPersonalData(event),
        maxBreadcrumbs: 0,
      });
      client.init();
      return { sentry, client };
    });
    pending.catch((error: unknown) => logger?.warn("error reporting unavailable", { error: String(error) }));
    clients.set(dsn, pending);
  }
  return pending;
}

export function errorReporter(config: Pick<Config, "env" | "telemetry">, logger: Logger | null = null): ErrorReporter {
  const dsn = config.telemetry.serverDsn;
  if (!dsn) return OFF;
  // reports still waiting for the SDK to load, so that flush() covers them too
  const loading = new Set<Promise<void>>();
  return {
    report(error, { userId, where }) {
      const done = clientFor(dsn, config.env, logger)
        .then(({ sentry, client }) => {
          const scope = new sentry.Scope();
          scope.setClient(client);
          if (userId !== null) scope.setUser({ id: String(userId) });
          scope.setTag("where", where);
          scope.captureException(error);
        })
        .catch(() => {})
        .finally(() => loading.delete(done));
      loading.add(done);
    },
    async flush(timeoutMs = 5_000) {
      await Promise.all(loading);
      const pending = clients.get(dsn);
      if (!pending) return true;
      const { client } = await pending;
      return client.flush(timeoutMs);
    },
  };
}
