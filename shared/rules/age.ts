import { MIN_AGE_YEARS } from "../constants";

/** Full years between a YYYY-MM-DD birth date and a YYYY-MM-DD day (both calendar dates). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Registration needs an age of at least 16 (spec 001 section 5). Born on 29 Feb: birthday counts on 1 Mar. */
export function isOldEnough(dateOfBirth: string, today: string): boolean {
  return ageOn(dateOfBirth, today) >= MIN_AGE_YEARS;
}

export function isInFuture(date: string, today: string): boolean {
  return date > today;
}

/**
 * What is wrong with a given birth date, as a validation code, or null. Registration no longer asks
 * for it (the user confirms being 16 through the legal hint), but wherever a date is given, at
 * registration or on the profile, it must not lie in the future and must mean 16 or older.
 */
export function birthDateProblem(dateOfBirth: string, today: string): "date_in_future" | "too_young" | null {
  if (isInFuture(dateOfBirth, today)) return "date_in_future";
  if (!isOldEnough(dateOfBirth, today)) return "too_young";
  return null;
}
