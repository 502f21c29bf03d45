/** Device notification state (spec 001 sections 3 and 4). */
export type PermissionState = "not_supported" | "denied" | "granted" | "not_asked_yet";

/** The browser's NotificationPermission in the spec's terms: 'default' is not_asked_yet. */
export function mapPermission(permission: string | null | undefined): PermissionState {
  if (permission === "granted") return "granted";
  if (permission === "denied") return "denied";
  if (permission === "default") return "not_asked_yet";
  return "not_supported";
}

/** What the native wrapper reports (it may also say 'not_determined', iOS' word for not asked). */
export function mapNativePermission(value: unknown): PermissionState | null {
  if (typeof value !== "string") return null;
  if (value === "granted" || value === "authorized" || value === "provisional") return "granted";
  if (value === "denied" || value === "blocked") return "denied";
  if (value === "default" || value === "not_asked_yet" || value === "not_determined" || value === "undetermined") return "not_asked_yet";
  if (value === "not_supported") return "not_supported";
  return null;
}
