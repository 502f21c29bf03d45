import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "@client/paraglide/messages";
import { ResendConfirmation } from "./resend-confirmation";

/**
 * The step after registering (spec 001 sections 2.4 and 2.5): the confirmation link is on its way,
 * what it is for, a way to have it sent again, and `next` to carry on where the user was going.
 */
export function RegistrationDone({ email, sentAt, next }: { email: string; sentAt: number; next: ReactNode }) {
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3 rounded-2xl bg-pitch-50 px-4 py-4 text-pitch-900">
        <MailCheck aria-hidden className="mt-0.5 size-7 shrink-0 text-pitch-700" />
        <p className="text-[16px] leading-relaxed break-words">{m.register_done_text({ email })}</p>
      </div>
      <p className="text-[15px] leading-relaxed text-slate-700">{m.register_done_why()}</p>
      {next}
      <div className="space-y-3 border-t border-slate-200 pt-5">
        <p className="text-[15px] leading-snug text-slate-700">{m.register_done_no_mail()}</p>
        <ResendConfirmation email={email} sentAt={sentAt} />
      </div>
    </div>
  );
}
