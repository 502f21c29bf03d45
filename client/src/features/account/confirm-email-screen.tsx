import { Link } from "@tanstack/react-router";
import { CircleCheck, LoaderCircle, MailX } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { EmailVerification } from "./email-verification";
import { useConfirmEmail } from "./use-confirm-email";

function Frame({ icon, tone, children }: { icon: ReactNode; tone: "green" | "red" | "slate"; children: ReactNode }) {
  const tones = { green: "bg-pitch-100 text-pitch-800", red: "bg-red-100 text-red-800", slate: "bg-slate-100 text-slate-600" };
  return (
    <div className="px-5 pt-8 pb-6">
      <div className="text-center">
        <div className={`mx-auto mb-5 inline-flex size-20 items-center justify-center rounded-full ${tones[tone]}`}>{icon}</div>
        <h1 className="text-[24px] leading-tight font-extrabold tracking-tight text-slate-900">{m.confirm_title()}</h1>
      </div>
      {children}
    </div>
  );
}

/**
 * /confirm-email?token=… (spec 001 section 4): a token with an unconfirmed address confirms it;
 * success when confirmed or already confirmed; a failure or a missing token shows the error, and
 * the prompt for a new link to a signed-in user whose address is still unconfirmed.
 */
export function ConfirmEmailScreen({ token }: { token: string | undefined }) {
  useLocale();
  const account = useAccount();
  const alreadyVerified = account?.emailVerifiedAt != null;
  const confirm = useConfirmEmail(token, !alreadyVerified);

  const succeeded = alreadyVerified || confirm.isSuccess;
  const failed = !succeeded && (!token || confirm.isError);

  if (succeeded) {
    return (
      <Frame tone="green" icon={<CircleCheck aria-hidden className="size-10" />}>
        <p role="status" className="mt-3 text-center text-[17px] font-semibold text-pitch-800">
          {m.confirm_success()}
        </p>
        <div className="mt-7 flex flex-col items-center gap-3">
          {account ? (
            <Link to="/user/$id" params={{ id: String(account.id) }} className={buttonClassName({ size: "lg", className: "min-w-60" })}>
              {m.confirm_to_profile()}
            </Link>
          ) : null}
          <Link to="/" className={buttonClassName({ variant: account ? "ghost" : "primary", className: "min-w-60" })}>
            {m.not_found_home()}
          </Link>
        </div>
      </Frame>
    );
  }

  if (failed) {
    return (
      <Frame tone="red" icon={<MailX aria-hidden className="size-10" />}>
        <p role="alert" className="mx-auto mt-3 max-w-sm text-center text-[16px] leading-relaxed text-red-800">
          {confirm.isError ? errorMessage(confirm.error) : m.error_EMAIL_TOKEN_INVALID()}
        </p>
        <div className="mt-7">
          {account ? (
            <EmailVerification account={account} />
          ) : (
            <Link to="/login" search={{ redirect: "/profile" }} className={buttonClassName({ size: "lg", block: true })}>
              {m.login_submit()}
            </Link>
          )}
        </div>
      </Frame>
    );
  }

  return (
    <Frame tone="slate" icon={<LoaderCircle aria-hidden className="size-10 animate-spin" />}>
      <p role="status" className="mt-3 text-center text-[16px] text-slate-700">
        {m.confirm_pending()}
      </p>
    </Frame>
  );
}
