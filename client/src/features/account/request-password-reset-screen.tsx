import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { EmailField } from "@client/components/text-field";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { AuthLayout } from "@client/features/auth/auth-layout";
import { validateProfileEmail } from "./validators";
import { useMessageCatalogue } from "@client/lib/messages";

/**
 * /request-password-reset (spec 001 section 4, "Password reset"): the answer is the same whether or
 * not the address has an account; afterwards the user may try another address.
 */
export function RequestPasswordResetScreen() {
  useMessageCatalogue();
  useLocale();
  const email = useField({ validate: validateProfileEmail });
  const request = useMutation(trpc.accounts.requestPasswordReset.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const server = useServerErrors({ email });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.check()) return;
    try {
      await request.mutateAsync({ email: email.cleanValue });
      setSentTo(email.cleanValue);
    } catch (error) {
      server.take(error);
    }
  }

  const backToLogin = (
    <Link to="/login" className={buttonClassName({ variant: "ghost", block: true, className: "mt-4" })}>
      <ArrowLeft aria-hidden className="size-5" />
      {m.reset_back_to_login()}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthLayout title={m.reset_request_title()} subtitle={m.reset_request_subtitle()}>
        <div className="space-y-4">
          <Notice tone="success">
            <span className="break-words">{m.reset_request_sent({ email: sentTo })}</span>
          </Notice>
          <Button
            variant="outline"
            block
            onClick={() => {
              setSentTo(null);
              request.reset();
            }}
          >
            {m.reset_request_other_email()}
          </Button>
        </div>
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={m.reset_request_title()} subtitle={m.reset_request_subtitle()}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <EmailField
          value={email.value}
          onValueChange={email.onValueChange}
          onBlur={email.onBlur}
          error={email.errorCode ? validationMessage(email.errorCode) : null}
        />
        {request.isError && !server.codes.email ? <Notice tone="error">{errorMessage(request.error)}</Notice> : null}
        <Button type="submit" size="lg" block disabled={!email.valid} loading={request.isPending}>
          {m.reset_request_submit()}
        </Button>
      </form>
      {backToLogin}
    </AuthLayout>
  );
}
