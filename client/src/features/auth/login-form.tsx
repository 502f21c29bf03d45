import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { EmailField, PasswordField } from "@client/components/text-field";
import { refreshAccount } from "@client/lib/account";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { AppLink } from "@client/features/shell/app-link";
import { attachGuestParticipations } from "@client/features/participation/attach-guests";
import { validateEmail, validateLoginPassword } from "./validators";
import { useMessageCatalogue } from "@client/lib/messages";

/**
 * The sign-in form of the login screen and the sign-in modal (spec 001 section 2.3): signs in, loads
 * the account, attaches this browser's guest participations (a failure is ignored), then hands over.
 */
export function LoginForm({ onSignedIn, initialEmail }: { onSignedIn: (userId: number) => Promise<void> | void; initialEmail?: string }) {
  useMessageCatalogue();
  const queryClient = useQueryClient();
  const email = useField({ validate: validateEmail, initial: initialEmail });
  const password = useField({ validate: validateLoginPassword, trim: false });
  const [formError, setFormError] = useState<unknown>(null);
  const server = useServerErrors({ email, password });
  const login = useMutation(trpc.auth.login.mutationOptions());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const ok = [email.check(), password.check()].every(Boolean);
    if (!ok) return;
    try {
      const result = await login.mutateAsync({ email: email.cleanValue, password: password.value });
      await refreshAccount(queryClient);
      await attachGuestParticipations();
      await onSignedIn(result.userId);
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
  );
}
