import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { EmailField, PasswordField, TextField } from "@client/components/text-field";
import { FirstNameField, LastNameField } from "@client/components/name-fields";
import { refreshAccount } from "@client/lib/account";
import { appErrorCode, errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { getStoredRegionSlug } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { useField, type Field } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { regionsQueryOptions, sortRegions } from "@client/features/regions/regions-query";
import { attachGuestParticipations } from "@client/features/participation/attach-guests";
import {
  validateEmail,
  validateFirstName,
  validateLastName,
  validateNewPassword,
  validateRegion,
} from "./validators";
import { useMessageCatalogue } from "@client/lib/messages";

function errorOf(field: Field): string | null {
  return field.errorCode ? validationMessage(field.errorCode) : null;
}

/**
 * The registration form of the register screen and the sign-in modal (spec 001 section 2.4): the
 * last name only with `withLastName` (a court in the query). On success the account is loaded and
 * the guest participations attached; `loginLink` goes with 'E-Mail Adresse wird bereits verwendet'.
 */
export function RegisterForm({
  withLastName,
  onRegistered,
  loginLink,
}: {
  withLastName: boolean;
  onRegistered: (account: TMyAccount) => Promise<void> | void;
  loginLink: (className: string) => ReactNode;
}) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const regionsQuery = useQuery(regionsQueryOptions());

  const email = useField({ validate: validateEmail });
  const password = useField({ validate: validateNewPassword, trim: false });
  const firstName = useField({ validate: validateFirstName });
  const lastName = useField({ validate: validateLastName });
  const region = useField({ validate: validateRegion, initial: getStoredRegionSlug() ?? "" });
  const [formError, setFormError] = useState<unknown>(null);
  // an unknown city arrives as REGION_NOT_FOUND: the field asks for a city again
  const server = useServerErrors({ email, password, firstName, lastName, regionSlug: region }, { REGION_NOT_FOUND: ["regionSlug", "region_required"] });

  const register = useMutation(trpc.auth.register.mutationOptions());
  const login = useMutation(trpc.auth.login.mutationOptions());

  const regionOptions = useMemo(
    () => sortRegions(regionsQuery.data ?? [], locale).map((r) => ({ value: r.slug, label: r.name })),
    [regionsQuery.data, locale],
  );

  // Spec 001 section 2.4: enabled once email, password and first name are valid and a city is chosen.
  const canSubmit = email.valid && password.valid && firstName.valid && region.valid;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const fields = [email, password, firstName, region, ...(withLastName ? [lastName] : [])];
    if (!fields.map((field) => field.check()).every(Boolean)) return;
    try {
      const credentials = { email: email.cleanValue, password: password.value };
      await register.mutateAsync({
        ...credentials,
        firstName: firstName.cleanValue,
        lastName: withLastName && lastName.cleanValue ? lastName.cleanValue : null,
        regionSlug: region.value,
        language: locale,
      });
      let account = await refreshAccount(queryClient);
      if (!account) {
        // Should the server not open a session on registration, sign in with the same credentials.
        await login.mutateAsync(credentials);
        account = await refreshAccount(queryClient);
      }
      if (account) {
        await attachGuestParticipations();
        await onRegistered(account);
      }
    } catch (error) {
      server.take(error);
      setFormError(error);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <EmailField
        value={email.value}
        onValueChange={email.onValueChange}
        onBlur={email.onBlur}
        error={errorOf(email)}
      />
      <PasswordField
        label={m.field_password()}
        name="password"
        autoComplete="new-password"
        value={password.value}
        onValueChange={password.onValueChange}
        onBlur={password.onBlur}
        error={errorOf(password)}
        hint={m.register_password_hint()}
      />
      <FirstNameField field={firstName} />
      {withLastName ? (
        <LastNameField field={lastName} optional />
      ) : null}
      <SelectField
        label={m.field_region()}
        name="regionSlug"
        value={region.value}
        onValueChange={(value) => {
          region.onValueChange(value);
          region.setErrorCode(null);
        }}
        onBlur={region.onBlur}
        options={regionOptions}
        placeholder={regionsQuery.isPending ? m.regions_loading() : m.field_region_placeholder()}
        error={regionsQuery.isError ? m.regions_error() : errorOf(region)}
      />

      {/* Spec 001 section 2.4: the hint is the user's confirmation of the minimum age (no birth date is asked). */}
      <div className="flex gap-3 rounded-2xl bg-slate-50 px-4 py-3 text-[14px] leading-relaxed text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pitch-700" />
        <p>
          {m.register_legal_hint()}{" "}
          <Link to="/datenschutz" className="font-semibold text-pitch-700 underline underline-offset-4">
            {m.register_privacy_link()}
          </Link>
        </p>
      </div>

      {formError ? (
        <Notice tone="error">
          {errorMessage(formError)}
          {appErrorCode(formError) === "EMAIL_IN_USE" ? (
            <>
              {" "}
              {loginLink("font-bold underline underline-offset-4")}
            </>
          ) : null}
        </Notice>
      ) : null}

      <Button type="submit" size="lg" block disabled={!canSubmit} loading={register.isPending || login.isPending}>
        {m.register_submit()}
      </Button>
    </form>
  );
}
