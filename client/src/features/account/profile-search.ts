/** The query of /profile (spec 001 section 2.2): ?court, ?payments-onboarding, ?token; ?google after Google's consent (calendar-integration.tsx), ?googleOverlaps after the personal card's. */
export type ProfileSearch = { court?: string; "payments-onboarding"?: true; token?: string; google?: string; googleOverlaps?: string };

/** Reads the query leniently; `?payments-onboarding` counts as present with or without a value. */
export function parseProfileSearch(search: Record<string, unknown>): ProfileSearch {
  const text = (value: unknown) =>
    typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;
  const result: ProfileSearch = {};
  const court = text(search.court);
  const token = text(search.token);
  if (court && /^\d+$/.test(court)) result.court = court;
  if ("payments-onboarding" in search && search["payments-onboarding"] !== false) result["payments-onboarding"] = true;
  if (token && /^[\w-]{1,200}$/.test(token)) result.token = token;
  const google = text(search.google);
  if (google && /^(connected|[A-Z_]{1,40})$/.test(google)) result.google = google;
  // ?googleOverlaps after the personal card's consent (google-overlaps-card.tsx, issue 29)
  const googleOverlaps = text(search.googleOverlaps);
  if (googleOverlaps && /^(connected|[A-Z_]{1,40})$/.test(googleOverlaps)) result.googleOverlaps = googleOverlaps;
  return result;
}

/**
 * Where saving the profile leads (spec 001 section 2.5): back to the payment onboarding that sent
 * the user here, else to the court, else to the own profile.
 */
export function afterProfileSaveHref(search: ProfileSearch, userId: number): string {
  if (search["payments-onboarding"]) return "/payments-onboarding";
  if (search.court) return `/court/${search.court}`;
  return `/user/${userId}`;
}
