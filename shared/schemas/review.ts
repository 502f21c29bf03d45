import { z } from "zod";

/** showRateAppHint (spec 001 section 7, payload not shown): whether the app should ask the viewer to rate it now. */
export const ZShowRateAppHint = z.boolean();

/** users.rateAppHintSeen: the hint was shown and answered ("Bewerten" or "Später"); asked again after 90 days at the earliest. */
export const ZRateAppHintSeenResult = z.object({ success: z.boolean() });
