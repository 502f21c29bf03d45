import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { MailCheck, Plus, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { canSetTitle } from "@shared/rules/game-permissions";
import type { TMyAccount } from "@shared/schemas/users";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { refreshAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useServerErrors } from "@client/lib/use-server-errors";
import { useLocale } from "@client/lib/locale";
import { getStoredRegionSlug } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { useCurrentRegion } from "@client/features/regions/regions-query";
import { courtQueryOptions } from "@client/features/courts/court-queries";
import { GameNotificationsField, useOrganiserNotifications } from "@client/features/notifications/game-notifications";
import { ResendConfirmation } from "@client/features/auth/resend-confirmation";
import { prefillState, type plannerPrefillOf } from "@client/features/planner/convert-prefill";
import { linkPlannerToGame, PlannerOrigin } from "@client/features/planner/planner-origin";
import { CourtPicker } from "./form/court-picker";
import { actorOf, GameForm, type GameFormUpdate } from "./form/game-form";
import { canSubmitCreate, createPayload, initialCreateState, type FormCourt, type GameFormState } from "./form/game-form-state";
import { firstDay } from "./form/start-time-options";

/** Creating needs a confirmed e-mail (spec 000 section 2): check again, or have the link sent again. */
function VerifyEmailPrompt({ account }: { account: TMyAccount }) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  return (
    <div className="px-5 pt-8 pb-6 text-center">
      <div className="mx-auto mb-5 inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <MailCheck aria-hidden className="size-10" />
      </div>
      <h1 className="text-[24px] leading-tight font-extrabold tracking-tight text-slate-900">{m.game_create_verify_title()}</h1>
      <p className="mx-auto mt-3 max-w-sm text-[16px] leading-relaxed text-slate-700">{m.game_create_verify_text({ email: account.email })}</p>
      <div className="mx-auto mt-7 flex w-full max-w-xs flex-col items-stretch gap-3">
        <Button
          size="lg"
          block
          loading={checking}
          onClick={async () => {
            setChecking(true);
            await refreshAccount(queryClient).catch(() => null);
            setChecking(false);
          }}
        >
          <RefreshCw aria-hidden className="size-5" />
          {m.game_create_verify_check()}
        </Button>
        <ResendConfirmation email={account.email} variant="outline" />
        <Link to="/" className={buttonClassName({ variant: "ghost" })}>
          {m.game_to_feed()}
        </Link>
      </div>
    </div>
  );
}

/** The ?courtId court (spec 000 section 2), wherever it is; null when there is none or it does not exist. */
function usePreselectedCourt(courtId: number | undefined): FormCourt | null | undefined {
  const court = useQuery({ ...courtQueryOptions(courtId ?? 0), enabled: courtId !== undefined, retry: false });
  if (courtId === undefined) return null;
  if (court.data) return court.data;
  return court.isPending ? undefined : null;
}

type Prefill = ReturnType<typeof plannerPrefillOf>;

function CreateGameForm({ account, courtId, prefill }: { account: TMyAccount; courtId?: number; prefill?: Prefill }) {
  useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const region = useCurrentRegion();
  const regionSlug = region?.slug ?? getStoredRegionSlug() ?? account.region?.slug ?? null;
  const [state, setState] = useState<GameFormState>(() => ({
    ...initialCreateState({ day: firstDay(new Date()), hasOrganization: account.organization !== null, court: null }),
    // the availability planner's winning slot as a weekly session (issue 26)
    ...prefillState(prefill),
  }));
  const [picking, setPicking] = useState(false);
  const { codes: serverFields, take: takeServerErrors, clear: clearServerErrors } = useServerErrors();
  const [formError, setFormError] = useState<unknown>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const create = useMutation(trpc.games.create.mutationOptions());
  const notifications = useOrganiserNotifications();
  const [askingDevice, setAskingDevice] = useState(false);

  const update: GameFormUpdate = useCallback((change) => {
    setState((current) => (typeof change === "function" ? change(current) : { ...current, ...change }));
    clearServerErrors();
  }, [clearServerErrors]);

  const preselected = usePreselectedCourt(courtId);
  const appliedPreselect = useRef(false);
  useEffect(() => {
    if (preselected && !appliedPreselect.current) {
      appliedPreselect.current = true;
      update({ court: preselected });
    }
  }, [preselected, update]);

  const canSubmit = useMemo(
    () => canSubmitCreate(state, now, { wanted: notifications.wanted, denied: notifications.denied }),
    [state, now, notifications.wanted, notifications.denied],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setFormError(null);
    try {
      setAskingDevice(true);
      const deviceToken = await notifications.deviceToken().finally(() => setAskingDevice(false));
      const { id } = await create.mutateAsync(createPayload(state, { canSetTitle: canSetTitle(actorOf(account)), deviceToken }));
      void queryClient.invalidateQueries({ queryKey: trpc.games.feed.pathKey() });
      if (state.isRecurringGame) void queryClient.invalidateQueries({ queryKey: trpc.weekly.pathKey() });
      if (prefill?.plannerId && state.isRecurringGame) await linkPlannerToGame(queryClient, prefill.plannerId, id);
      // Spec 000 section 2: on success to /game/{id}, here with the moment to share it.
      await navigate({ href: `/game/${id}?created` });
    } catch (error) {
      takeServerErrors(error);
      setFormError(error);
      window.setTimeout(() => errorRef.current?.scrollIntoView({ behavior: "smooth", block: "center" }), 0);
    }
  }

  if (picking) {
    return (
      <CourtPicker
        regionSlug={regionSlug}
        regionName={region?.name ?? account.region?.name ?? null}
        selectedId={state.court?.id ?? null}
        onSelect={(court) => {
          update({ court });
          setPicking(false);
        }}
        onBack={() => setPicking(false)}
      />
    );
  }

  return (
    <form noValidate onSubmit={submit} className="pb-6">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.game_create_title()}</h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.game_create_subtitle()}</p>
        {prefill?.plannerId ? <PlannerOrigin plannerId={prefill.plannerId} /> : null}
      </div>
      <div className="space-y-4 bg-chalk px-3 pb-2">
        <GameForm
          mode="create"
          state={state}
          update={update}
          account={account}
          now={now}
          serverFields={serverFields}
          onPickCourt={() => setPicking(true)}
        />
        <GameNotificationsField notifications={notifications} />
        <div ref={errorRef} className="space-y-3 px-1 pt-2">
          {formError ? <Notice tone="error">{errorMessage(formError)}</Notice> : null}
          {!canSubmit && !state.court ? <p className="text-center text-[14px] text-slate-600">{m.game_create_needs_court()}</p> : null}
          {!canSubmit && state.court && state.minute === null ? <p className="text-center text-[14px] text-slate-600">{m.game_create_needs_time()}</p> : null}
          <Button type="submit" size="lg" block disabled={!canSubmit} loading={askingDevice || create.isPending}>
            <Plus aria-hidden className="size-5" />
            {m.game_create_submit()}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** /create/game (spec 000 sections 2 and 5). */
export function CreateGameScreen({ account, courtId, prefill }: { account: TMyAccount; courtId?: number; prefill?: Prefill }) {
  useLocale();
  if (!account.emailVerifiedAt) return <VerifyEmailPrompt account={account} />;
  return <CreateGameForm account={account} courtId={courtId} prefill={prefill} />;
}
