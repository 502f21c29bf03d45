import { CANCELLATION_REASONS } from "@shared/constants";
import { m } from "@client/paraglide/messages";

export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** The reasons in the order the cancel form offers them; "other" comes last. */
export const CANCEL_REASON_ORDER: readonly CancellationReason[] = [
  "TOO_FEW_PLAYERS",
  "BAD_WEATHER",
  "COURT_NOT_AVAILABLE",
  "UNABLE_TO_ATTEND",
  "OTHER_REASON",
];

export function cancellationReasonLabel(reason: CancellationReason): string {
  switch (reason) {
    case "BAD_WEATHER":
      return m.game_cancel_reason_bad_weather();
    case "COURT_NOT_AVAILABLE":
      return m.game_cancel_reason_court_not_available();
    case "TOO_FEW_PLAYERS":
      return m.game_cancel_reason_too_few_players();
    case "UNABLE_TO_ATTEND":
      return m.game_cancel_reason_unable_to_attend();
    default:
      return m.game_cancel_reason_other();
  }
}
