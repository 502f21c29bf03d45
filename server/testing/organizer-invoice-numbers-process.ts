// A second process for the organiser invoice numbering test (domains/accounting/accounting.test.ts): issues the month's
// invoices of the organisers given on the command line, all at once, against the test's database, and prints the
// numbers it got as JSON (null where none was issued).
import { parseConfig } from "../config";
import type { Deps } from "../context";
import { openDatabase } from "../db/client";
import { startJobQueue } from "../jobs/queue";
import { systemClock } from "../lib/clock";
import { createLogger } from "../lib/logger";
import { issueOrganizerInvoice } from "../domains/accounting/service";

const [url, year, month, ids] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4]), (process.argv[5] ?? "").split(",").filter(Boolean).map(Number)];
const database = await openDatabase({ kind: "postgres", url, max: 5 });
const logger = createLogger("silent");
const jobs = await startJobQueue(database, logger, { maintenance: false }); // on the test run's database (jobs/queue.ts)
const config = parseConfig({ NODE_ENV: "test", SEED: "none", PUBLIC_URL: "http://localhost:3000", DATABASE_URL: url });
// only what issuing uses: the database, the clock, storage by config, the queue the mail job goes to
const deps = { config, database, db: database.db, clock: systemClock, logger, jobs, mailer: { mode: "catcher" } } as unknown as Deps;
const issued = await Promise.all(ids.map((id) => issueOrganizerInvoice(deps, id, year, month)));
console.log(JSON.stringify(issued.map((i) => i?.number ?? null)));
await jobs.stop();
await database.close();
