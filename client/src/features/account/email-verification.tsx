import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MailCheck, RefreshCw, Send } from "lucide-react";
import { useState } from "react";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { refreshAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/**
 * The prompt for an unconfirmed address (spec 001 section 2.5): request a link, then a notice that
 * it was sent and is valid 48 hours, with a refresh for "already confirmed".
 */
export function EmailVerification({ account }: { account: TMyAccount }) {
  const queryClient = useQueryClient();
  const request = useMutation(trpc.accounts.requestEmailConfirmation.mutationOptions());
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    await refreshAccount(queryClient, { profiles: true }).catch(() => null);
    setRefreshing(false);
  }

  async function send() {
    const result = await request.mutateAsync().catch(() => null);
    if (result?.alreadyVerified) await refresh();
  }

  const sent = request.data?.sent === true;

  return (
    <section aria-labelledby="email-verification" className="rounded-3xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <h2 id="email-verification" className="text-[17px] font-bold">
            {m.email_verify_title()}
          </h2>
          <p className="mt-1 text-[15px] leading-snug break-words">{m.email_verify_text({ email: account.email })}</p>
        </div>
      </div>
      <div className="mt-4 space-y-3">
        {sent ? <Notice tone="success">{m.email_verify_sent({ email: account.email })}</Notice> : null}
        {request.isError ? <Notice tone="error">{errorMessage(request.error)}</Notice> : null}
        {sent ? (
          <Button variant="outline" block loading={refreshing} onClick={() => void refresh()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.email_verify_refresh()}
          </Button>
        ) : (
          <Button block loading={request.isPending} onClick={() => void send()}>
            <Send aria-hidden className="size-5" />
            {m.email_verify_send()}
          </Button>
        )}
      </div>
    </section>
  );
}
