import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonVariant } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { refreshAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/** The server sends a new link at most once a minute per account (server/domains/accounts/README.md "Account tokens"). */
const RESEND_AFTER_MS = 60_000;

/** Seconds until `since + RESEND_AFTER_MS`, counting down on screen; 0 when a link may go out. */
function useCooldown(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = since === null ? 0 : Math.max(0, Math.ceil((since + RESEND_AFTER_MS - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [left, now]);
  return left;
}

/**
 * "Send the link again" for an unconfirmed address (spec 001 section 2.5). `sentAt`: when the last
 * link went out (registration sends one), so the button waits for the minute the server waits too,
 * and never claims a mail that was not sent. A confirmation done meanwhile refreshes the account.
 */
export function ResendConfirmation({ email, sentAt = null, variant = "outline" }: { email: string; sentAt?: number | null; variant?: ButtonVariant }) {
  const queryClient = useQueryClient();
  const request = useMutation(trpc.accounts.requestEmailConfirmation.mutationOptions());
  const [lastSent, setLastSent] = useState<number | null>(sentAt);
  const [resent, setResent] = useState(false);
  const wait = useCooldown(lastSent);

  async function send() {
    try {
      const result = await request.mutateAsync();
      if (result.alreadyVerified) {
        await refreshAccount(queryClient).catch(() => null);
        return;
      }
      setLastSent(Date.now());
      setResent(true);
    } catch {
      // shown below
    }
  }

  return (
    <div className="space-y-3">
      {resent ? <Notice tone="success">{m.resend_confirmation_done({ email })}</Notice> : null}
      {request.isError ? <Notice tone="error">{errorMessage(request.error)}</Notice> : null}
      <Button variant={variant} block disabled={wait > 0} loading={request.isPending} onClick={() => void send()}>
        <Send aria-hidden className="size-5" />
        {wait > 0 ? m.resend_confirmation_wait({ seconds: String(wait) }) : m.resend_confirmation_action()}
      </Button>
    </div>
  );
}
