import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { EmailField, PasswordField } from "@client/components/text-field";
import { accountQueryOptions } from "@client/lib/account";
import { errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { INFO_SITE_URL } from "@client/lib/links";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { m } from "@client/paraglide/messages";
import { AppLink } from "@client/features/shell/app-link";
import { attachGuestParticipations } from "@client/features/participation/attach-guests";
import { afterLoginHref, type AuthSearch } from "./after-login";
import { AuthLayout } from "./auth-layout";
import { validateEmail, validateLoginPassword } from "./validators";

/** Sign-in (spec 001 section 2.3). */
export function LoginScreen({ search }: { search: AuthSearch }) {
  useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = useField({ validate: validateEmail });
  const password = useField({ validate: validateLoginPassword, trim: false });
  const [formError, setFormError] = useState<unknown>(null);
  const login = useMutation(trpc.auth.login.mutationOptions());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const ok = [email.check(), password.check()].every(Boolean);
    if (!ok) return;
    try {
      const result = await login.mutateAsync({ email: email.cleanValue, password: password.value });
      await queryClient.fetchQuery({ ...accountQueryOptions(), staleTime: 0 });
      await attachGuestParticipations();
      await navigate({ href: afterLoginHref(search, result.userId), replace: true });
    } catch (error) {
      const fields = fieldErrorCodes(error);
      if (fields.email) email.setErrorCode(fields.email);
      if (fields.password) password.setErrorCode(fields.password);
      setFormError(error);
    }
  }

  const registerSearch = { court: search.court, game: search.game, redirect: search.redirect };

  return (
    <AuthLayout title={m.login_title()} subtitle={m.login_subtitle()}>
      <div className="mb-5 space-y-3 empty:hidden">
        {search.logout ? <Notice tone="success">{m.login_logout_notice()}</Notice> : null}
        {search.redirect && !search.logout ? <Notice tone="info">{m.login_redirect_notice()}</Notice> : null}
      </div>

      <form noValidate onSubmit={submit} className="space-y-4">
        <EmailField
          value={email.value}
          onValueChange={email.onValueChange}
          onBlur={email.onBlur}
          error={email.errorCode ? validationMessage(email.errorCode) : null}
        />
        <PasswordField
          label={m.field_password()}
          name="password"
          autoComplete="current-password"
          value={password.value}
          onValueChange={password.onValueChange}
          onBlur={password.onBlur}
          error={password.errorCode ? validationMessage(password.errorCode) : null}
        />
        <div className="-mt-1 flex justify-end">
          <AppLink
            href="/request-password-reset"
            className="inline-flex min-h-11 items-center text-[15px] font-semibold text-pitch-700 underline-offset-4 hover:underline"
          >
            {m.login_forgot_password()}
          </AppLink>
        </div>

        {formError ? <Notice tone="error">{errorMessage(formError)}</Notice> : null}

        <Button type="submit" size="lg" block loading={login.isPending}>
          {m.login_submit()}
        </Button>
      </form>

      <div className="mt-8 rounded-2xl bg-slate-50 px-4 py-4 text-center text-[15px] text-slate-700">
        {m.login_no_account()}{" "}
        <Link to="/register" search={registerSearch} className="font-bold text-pitch-700 underline underline-offset-4">
          {m.login_register_link()}
        </Link>
      </div>

      <p className="mt-6 text-center">
        <a
          href={INFO_SITE_URL}
          className="inline-flex min-h-11 items-center gap-1.5 text-[15px] font-semibold text-slate-700 underline-offset-4 hover:underline"
        >
          {m.login_info_site()}
          <ExternalLink aria-hidden className="size-4" />
        </a>
      </p>
    </AuthLayout>
  );
}
