import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";

/**
 * Game reports in the staff queue (issue 26): OPEN → ANSWERED (the reporter got an answer) → CLOSED.
 * domains/admin moves them here, in its transaction; the answer's direct message is the chat's.
 */
export type GameReportRow = repo.GameReportRow;

/** The report under a row lock: GAME_REPORT_NOT_FOUND, and GAME_REPORT_CLOSED when it is closed already. */
export async function lockOpenReport(tx: Tx, id: number): Promise<GameReportRow> {
  const report = await repo.lockReport(tx, id);
  if (!report) throw new AppError("GAME_REPORT_NOT_FOUND");
  if (report.status === "CLOSED") throw new AppError("GAME_REPORT_CLOSED");
  return report;
}

export function markReportAnswered(tx: Tx, id: number, answer: string, handledById: number, now: Date): Promise<GameReportRow> {
  return repo.updateReport(tx, id, { status: "ANSWERED", answer, answeredAt: now, handledById });
}

export function closeReport(tx: Tx, id: number, handledById: number, now: Date): Promise<GameReportRow> {
  return repo.updateReport(tx, id, { status: "CLOSED", closedAt: now, handledById });
}
