import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { BadgeCheck, Info, Save } from "lucide-react";
import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import { canPublishOwnType, canSetTitle } from "@shared/rules/game-permissions";
import { paymentFieldsFor } from "@shared/rules/managed-payment";
import type { TGameTemplate } from "@shared/schemas/weekly";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { errorMessage } from "@client/lib/errors";
import { useServerErrors } from "@client/lib/use-server-errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { showFlash } from "@client/features/account/flash";
import { actorOf, GameForm, type GameFormUpdate } from "@client/features/games/form/game-form";
import { canSubmitEdit, type GameFormState } from "@client/features/games/form/game-form-state";
import { initialTemplateState, isEmptyTemplateUpdate, templatePaymentContext, templateUpdatePayload } from "./weekly-form-state";
import { WeeklyHeader } from "./weekly-header";
import { WeeklyLoader } from "./weekly-loader";
import { useWeeklyUpdated } from "./weekly-queries";

function EditDetailsForm({ template, account }: { template: TGameTemplate; account: TMyAccount }) {
  const { locale } = useLocale();
  const navigate = useNavigate();
  const now = useNow();
  const weeklyUpdated = useWeeklyUpdated();
  const actor = actorOf(account);
  const [state, setState] = useState<GameFormState>(() => initialTemplateState(template, locale));
  const { codes: serverFields, take: takeServerErrors, clear: clearServerErrors } = useServerErrors();
  const errorRef = useRef<HTMLDivElement>(null);
  const update = useMutation(trpc.weekly.update.mutationOptions());

  const change: GameFormUpdate = useCallback((next) => {
    setState((current) => (typeof next === "function" ? next(current) : { ...current, ...next }));
    clearServerErrors();
  }, [clearServerErrors]);

  const payload = useMemo(() => templateUpdatePayload(template, state, { canSetTitle: canSetTitle(actor) }), [template, state]); // eslint-disable-line react-hooks/exhaustive-deps
  const paymentContext = templatePaymentContext(account, template);
  const { managedSwitch } = paymentFieldsFor({
    actor,
    organiser: paymentContext.organiser,
    isManagedPayment: state.isManagedPayment,
    wasManagedPayment: paymentContext.wasManagedPayment,
  });
  const canSave = !isEmptyTemplateUpdate(payload) && canSubmitEdit(state, { mayUseManagedPayment: managedSwitch });
  // Admins publish a public session as the product's own type; a private one stays private (spec 000 section 6).
  const ownTypeSwitch = canPublishOwnType(actor) && template.gameType !== "PRIVATE";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    try {
      weeklyUpdated(await update.mutateAsync(payload));
      showFlash("game_flash_saved");
      await navigate({ to: "/weekly-sessions/$id", params: { id: String(template.id) } });
    } catch (error) {
      takeServerErrors(error);
      window.setTimeout(() => errorRef.current?.scrollIntoView({ behavior: "smooth", block: "center" }), 0);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="pb-6">
      <WeeklyHeader template={template} title={m.weekly_edit_details()} back="detail" />
      <div className="space-y-4 bg-chalk px-3 pb-2">
        <p className="mx-1 flex items-start gap-2 rounded-2xl bg-sky-50 px-3.5 py-3 text-[14px] leading-snug text-sky-950 ring-1 ring-sky-200">
          <Info aria-hidden className="mt-0.5 size-4.5 shrink-0" />
          {m.weekly_applies_future()}
        </p>
        <GameForm
          mode="edit"
          state={state}
          update={change}
          account={account}
          now={now}
          serverFields={serverFields}
          paymentContext={paymentContext}
          hideStartTime
        />
        {ownTypeSwitch ? (
          <section className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
            <div className="flex items-start gap-3">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
                <BadgeCheck aria-hidden className="size-4.5" />
              </span>
              <div className="min-w-0 flex-1">
                <SwitchField
                  label={m.weekly_kickrunde_switch()}
                  hint={m.weekly_kickrunde_switch_hint()}
                  checked={state.gameType === "KICKRUNDE"}
                  onCheckedChange={(on) => change({ gameType: on ? "KICKRUNDE" : "PUBLIC" })}
                />
              </div>
            </div>
          </section>
        ) : null}
        <div ref={errorRef} className="space-y-3 px-1 pt-2">
          {update.isError ? <Notice tone="error">{errorMessage(update.error)}</Notice> : null}
          <Button type="submit" size="lg" block disabled={!canSave} loading={update.isPending}>
            <Save aria-hidden className="size-5" />
            {m.weekly_save()}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** /weekly-sessions/{id}/edit-details: the game form without player count, equipment, public/private, court and start time (spec 000 section 2). */
export function WeeklyEditDetailsScreen({ id, account }: { id: number; account: TMyAccount }) {
  useLocale();
  return <WeeklyLoader id={id}>{(template) => <EditDetailsForm template={template} account={account} />}</WeeklyLoader>;
}
