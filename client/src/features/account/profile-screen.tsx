import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { BadgeCheck, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { berlinDay } from "@shared/rules/berlin-time";
import type { TEditProfileInput } from "@shared/schemas/account";
import type { TMyAccount } from "@shared/schemas/users";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { SwitchField } from "@client/components/switch-field";
import { EmailField, PasswordField, TextField } from "@client/components/text-field";
import { FirstNameField, LastNameField } from "@client/components/name-fields";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { setAccount } from "@client/lib/account";
import { trpc } from "@client/lib/trpc";
import { useField, type Field } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { regionsQueryOptions, sortRegions } from "@client/features/regions/regions-query";
import { MyInvoices } from "@client/features/accounting/my-invoices";
import { CalendarIntegration } from "./calendar-integration";
import { CalendarFeedCard } from "./calendar-feed-card";
import { GoogleOverlapsCard } from "./google-overlaps-card";
import { EmailVerification } from "./email-verification";
import { showFlash } from "./flash";
import { ProfileImageEditor } from "./profile-image-editor";
import { afterProfileSaveHref, type ProfileSearch } from "./profile-search";
import { useConfirmEmail } from "./use-confirm-email";
import {
  validateProfileDateOfBirth,
  validateProfileEmail,
  validateProfileFirstName,
  validateProfileLastName,
  validateProfilePassword,
} from "./validators";
import { useMessageCatalogue } from "@client/lib/messages";

function errorOf(field: Field): string | null {
  return field.errorCode ? validationMessage(field.errorCode) : null;
}

/** The ?token of a confirmation link opened on /profile (spec 001 section 2.5). */
function TokenConfirmation({ token, account }: { token: string; account: TMyAccount }) {
  const navigate = useNavigate();
  const confirm = useConfirmEmail(token, account.emailVerifiedAt === null);
  const succeeded = confirm.isSuccess || (account.emailVerifiedAt !== null && !confirm.isError);

  // The token has done its job: drop it from the address, so a reload does not send it again.
  const settled = confirm.isSuccess || confirm.isError || account.emailVerifiedAt !== null;
  useEffect(() => {
    if (!settled) return;
    void navigate({ to: "/profile", search: (search) => ({ ...search, token: undefined }), replace: true, resetScroll: false });
  }, [settled, navigate]);

  if (confirm.isError) return <Notice tone="error">{errorMessage(confirm.error)}</Notice>;
  if (succeeded) return <Notice tone="success">{m.confirm_success()}</Notice>;
  return <Notice tone="info">{m.confirm_pending()}</Notice>;
}

/**
 * Edit profile /profile (spec 001 sections 2.5 and 5): every field of the account, the picture,
 * the e-mail confirmation prompt and the way to account deletion. Saving leads on as the query says.
 */
export function ProfileScreen({ account, search }: { account: TMyAccount; search: ProfileSearch }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const regionsQuery = useQuery(regionsQueryOptions());
  // A confirmation result stays visible after the token left the address.
  const [token] = useState(search.token);

  const email = useField({ validate: validateProfileEmail, initial: account.email });
  const firstName = useField({ validate: validateProfileFirstName, initial: account.firstName });
  const lastName = useField({ validate: validateProfileLastName, initial: account.lastName ?? "" });
  const password = useField({ validate: validateProfilePassword, trim: false });
  const dateOfBirth = useField({ validate: validateProfileDateOfBirth, initial: account.dateOfBirth ?? "" });
  const [regionSlug, setRegionSlug] = useState(account.region?.slug ?? "");
  const [receiveGameEmails, setReceiveGameEmails] = useState(account.receiveGameEmails);
  const [formError, setFormError] = useState<unknown>(null);
  // a taken address is said in the form's notice, not twice
  const server = useServerErrors({ email, firstName, lastName, password, dateOfBirth }, { EMAIL_IN_USE: ["email", null] });

  const edit = useMutation(trpc.accounts.editProfile.mutationOptions());

  const regionOptions = useMemo(
    () => sortRegions(regionsQuery.data ?? [], locale).map((r) => ({ value: r.slug, label: r.name })),
    [regionsQuery.data, locale],
  );

  // Spec 001 section 5: save is disabled on an invalid e-mail or first name.
  const canSubmit = email.valid && firstName.valid;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const fields = [email, firstName, lastName, password, dateOfBirth];
    if (!fields.map((field) => field.check()).every(Boolean)) return;
    const input: TEditProfileInput = {
      email: email.cleanValue,
      firstName: firstName.cleanValue,
      lastName: lastName.cleanValue || null,
      dateOfBirth: dateOfBirth.cleanValue || null,
      receiveGameEmails,
      ...(regionSlug ? { regionSlug } : {}),
      ...(password.value ? { password: password.value } : {}),
    };
    try {
      const saved = await edit.mutateAsync(input);
      await setAccount(queryClient, saved, { profiles: true });
      showFlash("account_flash_profile_saved");
      await navigate({ href: afterProfileSaveHref(search, saved.id) });
    } catch (error) {
      // Spec 001 section 8 only logs a failed save; we also say what went wrong.
      console.warn("profile save failed", error);
      server.take(error);
      setFormError(error);
    }
  }

  return (
    <div className="pb-6">
      <div className="bg-gradient-to-b from-pitch-50 to-white px-5 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.profile_title()}</h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.profile_subtitle()}</p>
      </div>

      <div className="space-y-5 px-5">
        {token ? <TokenConfirmation token={token} account={account} /> : null}
        {search["payments-onboarding"] ? <Notice tone="info">{m.profile_payments_hint()}</Notice> : null}
        {account.emailVerifiedAt === null ? <EmailVerification account={account} /> : null}

        <ProfileImageEditor account={account} />

        <form noValidate onSubmit={submit} className="space-y-4">
          <EmailField
            value={email.value}
            onValueChange={email.onValueChange}
            onBlur={email.onBlur}
            error={errorOf(email)}
            hint={
              account.emailVerifiedAt && email.cleanValue === account.email ? (
                <span className="inline-flex items-center gap-1 font-semibold text-pitch-700">
                  <BadgeCheck aria-hidden className="size-4" />
                  {m.user_email_verified()}
                </span>
              ) : email.cleanValue !== account.email ? (
                m.profile_email_change_hint()
              ) : null
            }
          />
          <FirstNameField field={firstName} />
          <LastNameField field={lastName} optional />
          <PasswordField
            label={m.profile_new_password()}
            name="password"
            autoComplete="new-password"
            optional
            value={password.value}
            onValueChange={password.onValueChange}
            onBlur={password.onBlur}
            error={errorOf(password)}
            hint={m.profile_new_password_hint()}
          />
          <SelectField
            label={m.field_region()}
            name="regionSlug"
            value={regionSlug}
            onValueChange={setRegionSlug}
            options={regionOptions}
            placeholder={regionsQuery.isPending ? m.regions_loading() : m.field_region_placeholder()}
            error={regionsQuery.isError ? m.regions_error() : null}
          />
          <TextField
            label={m.field_date_of_birth()}
            name="dateOfBirth"
            type="date"
            autoComplete="bday"
            optional
            max={berlinDay(new Date())}
            value={dateOfBirth.value}
            onValueChange={dateOfBirth.onValueChange}
            onBlur={dateOfBirth.onBlur}
            error={errorOf(dateOfBirth)}
          />
          <div className="rounded-2xl bg-slate-50 px-4 py-4">
            <SwitchField
              label={m.profile_receive_game_emails()}
              hint={m.profile_receive_game_emails_hint()}
              checked={receiveGameEmails}
              onCheckedChange={setReceiveGameEmails}
            />
          </div>

          {formError ? <Notice tone="error">{errorMessage(formError)}</Notice> : null}

          <Button type="submit" size="lg" block disabled={!canSubmit} loading={edit.isPending}>
            {m.profile_save()}
          </Button>
        </form>

        {account.isCourtOwner ? <CalendarIntegration googleOutcome={search.google ?? null} /> : null}

        <CalendarFeedCard />

        <GoogleOverlapsCard outcome={search.googleOverlaps ?? null} />

        <MyInvoices />

        <Link to="/profile/delete" className={buttonClassName({ variant: "danger", block: true, className: "mt-2" })}>
          {m.profile_delete_link()}
          <ChevronRight aria-hidden className="size-5" />
        </Link>
      </div>
    </div>
  );
}
