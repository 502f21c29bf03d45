// A second process for the invoice numbering tests (domains/tournaments/invoices.test.ts, invoice-cancellation.test.ts): issues the
// invoices of the teams given on the command line and (a second, optional list) the cancellation invoices of others, all at once,
// against the test's database, and prints the numbers it issued as JSON (the invoices', then the cancellations').
import { parseConfig } from "../config";
import type { Deps } from "../context";
import { openDatabase } from "../db/client";
import { startJobQueue } from "../jobs/queue";
import { systemClock } from "../lib/clock";
import { createLogger } from "../lib/logger";
import { issueInvoiceCancellation, issueTournamentInvoice } from "../domains/tournaments/invoices";

const list = (arg: string | undefined) => (arg ? arg.split(",").map(Number) : []);
const [url, ids, cancelIds] = [process.argv[2]!, list(process.argv[3]), list(process.argv[4])];
const database = await openDatabase({ kind: "postgres", url, max: 5 });
const logger = createLogger("silent");
const jobs = await startJobQueue(database, logger, { maintenance: false }); // on the test run's database (jobs/queue.ts)
const config = parseConfig({ NODE_ENV: "test", SEED: "none", PUBLIC_URL: "http://localhost:3000", DATABASE_URL: url });
// only what issuing uses: the database, the clock, storage by config, the queue the mail job goes to
const deps = { config, database, db: database.db, clock: systemClock, logger, jobs, mailer: { mode: "catcher" } } as unknown as Deps;
const issued = await Promise.all([...ids.map((id) => issueTournamentInvoice(deps, id)), ...cancelIds.map((id) => issueInvoiceCancellation(deps, id))]);
console.log(JSON.stringify(issued.map((i) => i?.number ?? null)));
await jobs.stop();
await database.close();
