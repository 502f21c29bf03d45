import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { isDeleteConfirmation } from "@shared/schemas/account";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { TextField } from "@client/components/text-field";
import { isNetworkError } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { forgetAccount, trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { showFlash } from "./flash";

/**
 * /profile/delete (spec 001 section 2.5): the button unlocks only when the typed text contains
 * 'löschen' or 'delete'. Afterwards the session is gone and the user lands on / with a notice.
 */
export function DeleteAccountScreen() {
  useLocale();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState("");
  const remove = useMutation(trpc.accounts.deleteAccount.mutationOptions());
  const unlocked = isDeleteConfirmation(confirmation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!unlocked) return;
    try {
      await remove.mutateAsync({ confirmation });
    } catch (error) {
      console.warn("account deletion failed", error);
      return;
    }
    forgetAccount();
    showFlash("account_flash_account_deleted");
    await navigate({ to: "/", replace: true });
  }

  return (
    <div className="px-5 pt-6 pb-6">
      <div className="mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-red-100 text-red-700">
        <TriangleAlert aria-hidden className="size-8" />
      </div>
      <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.delete_title()}</h1>
      <p className="mt-3 text-[16px] leading-relaxed text-slate-700">{m.delete_text()}</p>
      <p className="mt-3 text-[16px] font-bold text-red-800">{m.delete_warning()}</p>

      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <TextField
          label={m.delete_confirm_label()}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={confirmation}
          onValueChange={setConfirmation}
        />
        {/* Spec 001 section 8: a failure points to help and feedback or the support mail. */}
        {remove.isError ? <Notice tone="error">{isNetworkError(remove.error) ? m.error_network() : m.delete_failed()}</Notice> : null}
        <Button type="submit" variant="destructive" size="lg" block disabled={!unlocked} loading={remove.isPending}>
          {m.delete_submit()}
        </Button>
      </form>
      <Link to="/profile" className={buttonClassName({ variant: "ghost", block: true, className: "mt-3" })}>
        <ArrowLeft aria-hidden className="size-5" />
        {m.delete_back()}
      </Link>
    </div>
  );
}
