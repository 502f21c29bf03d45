import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { RESET_TOKEN_LENGTH } from "@shared/schemas/account";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { PasswordField } from "@client/components/text-field";
import { appErrorCode, errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { forgetAccount, trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { AuthLayout } from "@client/features/auth/auth-layout";
import { showFlash } from "./flash";
import { validateResetPassword } from "./validators";
import { useMessageCatalogue } from "@client/lib/messages";

/**
 * /reset-password?reset_token=… (spec 001 sections 4 and 5): a token of exactly 128 characters
 * and a new password. The reset ends every session, so the user signs in again on /login (and then goes where the
 * link's `redirect` says: a welcome mail's tournament page).
 */
export function ResetPasswordScreen({ resetToken, redirect }: { resetToken: string | undefined; redirect?: string }) {
  useMessageCatalogue();
  useLocale();
  const navigate = useNavigate();
  const password = useField({ validate: validateResetPassword, trim: false });
  const reset = useMutation(trpc.accounts.resetPassword.mutationOptions());
  const [formError, setFormError] = useState<unknown>(null);
  const server = useServerErrors({ newPassword: password });
  const tokenOk = resetToken?.length === RESET_TOKEN_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!password.check() || !resetToken) return;
    try {
      await reset.mutateAsync({ resetToken, newPassword: password.value });
      forgetAccount();
      showFlash("account_flash_password_reset");
      await navigate({ to: "/login", search: redirect ? { redirect } : {}, replace: true });
    } catch (error) {
      server.take(error);
      setFormError(error);
    }
  }

  const tokenBroken = !tokenOk || appErrorCode(formError) === "RESET_TOKEN_INVALID" || Boolean(fieldErrorCodes(formError).resetToken);

  return (
    <AuthLayout title={m.reset_title()} subtitle={m.reset_subtitle()}>
      {tokenBroken ? (
        <div className="space-y-4">
          <Notice tone="error">{tokenOk ? errorMessage(formError) : validationMessage("reset_token_invalid")}</Notice>
          <Link to="/request-password-reset" className={buttonClassName({ size: "lg", block: true })}>
            {m.reset_request_new()}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <PasswordField
            label={m.reset_new_password()}
            name="newPassword"
            autoComplete="new-password"
            value={password.value}
            onValueChange={password.onValueChange}
            onBlur={password.onBlur}
            error={password.errorCode ? validationMessage(password.errorCode) : null}
            hint={m.register_password_hint()}
          />
          {formError ? <Notice tone="error">{errorMessage(formError)}</Notice> : null}
          <Button type="submit" size="lg" block disabled={!password.valid} loading={reset.isPending}>
            {m.reset_submit()}
          </Button>
        </form>
      )}
      <Link to="/login" className={buttonClassName({ variant: "ghost", block: true, className: "mt-4" })}>
        {m.reset_back_to_login()}
      </Link>
    </AuthLayout>
  );
}
