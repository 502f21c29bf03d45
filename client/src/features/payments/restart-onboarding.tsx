import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { setAccount } from "@client/lib/account";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/** The restart (spec 001 section 2.9, resetPaymentAccount), after a confirmation: the next start makes a new account. */
export function RestartOnboarding({ variant = "ghost" }: { variant?: "ghost" | "outline" }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const reset = useMutation(trpc.payments.resetAccount.mutationOptions());

  return (
    <>
      <Button variant={variant} block onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden className="size-4" />
        {m.onboarding_restart()}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={m.onboarding_restart_title()}>
        <p className="text-[16px] leading-relaxed text-slate-700">{m.onboarding_restart_text()}</p>
        {reset.isError ? (
          <div className="mt-4">
            <Notice tone="error">{errorMessage(reset.error)}</Notice>
          </div>
        ) : null}
        <div className="mt-5 flex gap-3">
          <Button variant="outline" className="flex-1" onClick={() => setOpen(false)}>
            {m.common_cancel()}
          </Button>
          <Button
            variant="destructive"
            className="flex-1"
            loading={reset.isPending}
            onClick={async () => {
              const account = await reset.mutateAsync().catch(() => null);
              if (!account) return;
              void setAccount(queryClient, account);
              setOpen(false);
            }}
          >
            {m.onboarding_restart_confirm()}
          </Button>
        </div>
      </Modal>
    </>
  );
}
