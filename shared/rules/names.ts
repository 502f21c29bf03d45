import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from "../constants";

/*
 * A person's name as spec 001 section 5 allows it, without zod: the join dialog checks a guest's first name
 * with it as the player types, and importing it from shared/schemas/common.ts would bring zod onto the game
 * page (about 22 KiB brotli); `zName` there runs the same check on the server.
 */

// Letters (any script, with combining marks), digits and hyphens; one space at most; no emojis.
const NAME_ALLOWED = /^[\p{L}\p{M}\p{Nd}-]+( [\p{L}\p{M}\p{Nd}-]+)?$/u;
const HAS_LETTER = /\p{L}/u;

/** Checks a trimmed name and returns the first problem's code, or null. */
export function nameProblem(value: string): string | null {
  if (value.length === 0) return "name_required";
  if ([...value].length < NAME_MIN_LENGTH || [...value].length > NAME_MAX_LENGTH) return "name_length";
  if (!HAS_LETTER.test(value)) return "name_needs_letter";
  if (/\s.*\s/u.test(value)) return "name_one_space";
  if (!NAME_ALLOWED.test(value)) return "name_invalid_chars";
  return null;
}
