import { GAME_TIME_ZONE } from "../constants";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: GAME_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Europe/Berlin calendar day (YYYY-MM-DD) of an instant. All day-based rules use it. */
export function berlinDay(instant: Date): string {
  return dayFormat.format(instant);
}
