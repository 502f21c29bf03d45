import { z } from "zod";
import { zEmail, zIsoDate, zName, zOptionalName, zPassword, zSlug } from "./common";

export const RESET_TOKEN_LENGTH = 128;

export const ZRequestPasswordResetInput = z.object({ email: zEmail });
export const ZResetPasswordInput = z.object({
  resetToken: z.string().length(RESET_TOKEN_LENGTH, { error: "reset_token_invalid" }),
  newPassword: zPassword,
});
export const ZConfirmEmailInput = z.object({ emailToken: z.string().min(1, { error: "email_token_invalid" }).max(200) });

export const ZEditProfileInput = z.object({
  email: zEmail.optional(),
  password: zPassword.optional(),
  firstName: zName.optional(),
  lastName: zOptionalName,
  regionSlug: zSlug.optional(),
  dateOfBirth: zIsoDate.nullable().optional(),
  receiveGameEmails: z.boolean().optional(),
});
export type TEditProfileInput = z.input<typeof ZEditProfileInput>;

/** The typed word that unlocks deletion (spec 001 section 2.5): contains 'löschen' or 'delete'. */
export function isDeleteConfirmation(text: string): boolean {
  return /löschen|delete/i.test(text);
}
const zDeleteConfirmation = z.string().max(200).refine(isDeleteConfirmation, { error: "delete_confirmation" });
/** The web client's deleteAccount: the typed word is required (the server checks it too). */
export const ZDeleteAccountInput = z.object({ confirmation: zDeleteConfirmation });
/**
 * The native wrapper's deleteAccount takes no arguments (spec 001 section 7): it confirms in its own
 * screen. A confirmation that is sent anyway must still be the word.
 */
export const ZNativeDeleteAccountInput = z.object({ confirmation: zDeleteConfirmation.nullable().optional() });

export const ZEmailConfirmationResult = z.object({ sent: z.boolean(), alreadyVerified: z.boolean() });
