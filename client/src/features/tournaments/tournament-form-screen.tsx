import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Plus, Save } from "lucide-react";
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from "react";
import type { TTournament } from "@shared/schemas/tournaments";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { NoPermission as SharedNoPermission } from "@client/components/no-permission";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { getStoredRegionSlug } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { CourtPicker } from "@client/features/games/form/court-picker";
import { useCurrentRegion } from "@client/features/regions/regions-query";
import { CreationInfoBox } from "./creation-info-box";
import { TournamentForm, type TournamentFormUpdate } from "./form/tournament-form";
import { initialCreateState, initialEditState, toInput, updatePayload, type FormProblems, type TournamentFormState } from "./form/tournament-form-state";
import { tournamentQueryOptions, useTournamentUpdated } from "./tournament-queries";
import { mayCreateTournaments } from "./tournament-permissions";

function Header({ title, subtitle, back }: { title: string; subtitle: string; back?: { id: number } }) {
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-3 pb-4">
      {back ? (
        <Link
          to="/tournament/$id"
          params={{ id: String(back.id) }}
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          <ArrowLeft aria-hidden className="size-5" />
          {m.tournament_back_to_page()}
        </Link>
      ) : null}
      <h1 className={`${back ? "mt-1" : "pt-2"} text-[26px] leading-tight font-extrabold tracking-tight text-slate-900`}>{title}</h1>
      <p className="mt-1 line-clamp-2 text-[16px] break-words text-slate-700">{subtitle}</p>
    </div>
  );
}

/**
 * The form's state, its problems (its own after the first try to send, the server's until the value changes),
 * and the court picker that takes the whole screen while open.
 */
function useTournamentForm(initial: () => TournamentFormState) {
  const now = useNow();
  const [state, setState] = useState(initial);
  const [tried, setTried] = useState(false);
  const [picking, setPicking] = useState(false);
  const server = useServerErrors();
  const clearServer = server.clear;
  const update: TournamentFormUpdate = useCallback(
    (change) => {
      setState((current) => ({ ...current, ...change }));
      clearServer();
    },
    [clearServer],
  );
  const checked = useMemo(() => toInput(state, now), [state, now]);
  const problems: FormProblems = { ...(tried ? checked.problems : {}), ...server.codes };
  return { state, update, checked, problems, setTried, picking, setPicking, server };
}

type Form = ReturnType<typeof useTournamentForm>;

function FormBody({ form, regionSlug, regionName, error, submitLabel, submitIcon, pending, onSubmit, header }: {
  form: Form;
  regionSlug: string | null;
  regionName: string | null;
  error: unknown;
  submitLabel: string;
  submitIcon: ReactNode;
  pending: boolean;
  onSubmit: () => void;
  header: ReactNode;
}) {
  if (form.picking) {
    return (
      <CourtPicker
        regionSlug={regionSlug}
        regionName={regionName}
        selectedId={form.state.court?.id ?? null}
        onSelect={(court) => {
          form.update({ court });
          form.setPicking(false);
        }}
        onBack={() => form.setPicking(false)}
      />
    );
  }
  const hasProblems = Object.keys(form.problems).length > 0;
  function submit(event: FormEvent) {
    event.preventDefault();
    form.setTried(true);
    if (Object.keys(form.checked.problems).length > 0) {
      // the first field that says what is wrong
      window.setTimeout(() => document.querySelector("[aria-invalid='true']")?.scrollIntoView({ behavior: "smooth", block: "center" }), 0);
      return;
    }
    onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} className="pb-6">
      {header}
      <div className="space-y-4 bg-chalk px-3 pb-2">
        <TournamentForm state={form.state} update={form.update} problems={form.problems} onPickCourt={() => form.setPicking(true)} />
        <div className="space-y-3 px-1 pt-2">
          {error ? <Notice tone="error">{errorMessage(error)}</Notice> : hasProblems ? <Notice tone="error">{m.tournament_form_check_fields()}</Notice> : null}
          <Button type="submit" size="lg" block loading={pending}>
            {submitIcon}
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

function CreateTournamentForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const region = useCurrentRegion();
  const form = useTournamentForm(() => initialCreateState(new Date()));
  const create = useMutation(trpc.tournaments.create.mutationOptions());
  async function save() {
    try {
      const created = await create.mutateAsync(form.checked.input);
      queryClient.setQueryData(tournamentQueryOptions(created.id).queryKey, created);
      showToast(m.tournament_created_toast());
      await navigate({ to: "/tournament/$id", params: { id: String(created.id) } });
    } catch (error) {
      form.server.take(error);
    }
  }
  return (
    <FormBody
      form={form}
      regionSlug={region?.slug ?? getStoredRegionSlug()}
      regionName={region?.name ?? null}
      error={create.error}
      submitLabel={m.tournament_form_create_submit()}
      submitIcon={<Plus aria-hidden className="size-5" />}
      pending={create.isPending}
      onSubmit={() => void save()}
      header={<Header title={m.tournament_create_title()} subtitle={m.tournament_create_subtitle()} />}
    />
  );
}

/** /create/tournament (issue 25): admins and organisation members; everybody else gets the info box and the way to ask. */
export function CreateTournamentScreen({ account }: { account: TMyAccount }) {
  useLocale();
  if (!mayCreateTournaments(account)) {
    return (
      <div className="pb-6">
        <Header title={m.tournament_create_title()} subtitle={m.tournament_create_not_allowed()} />
        <div className="px-4">
          <CreationInfoBox />
        </div>
      </div>
    );
  }
  return <CreateTournamentForm />;
}

function EditTournamentForm({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  const navigate = useNavigate();
  const updated = useTournamentUpdated();
  const form = useTournamentForm(() => initialEditState(tournament, locale));
  const update = useMutation(trpc.tournaments.update.mutationOptions());
  async function save() {
    const payload = updatePayload(tournament, form.checked.input);
    try {
      if (Object.keys(payload).length > 1) {
        updated(await update.mutateAsync(payload));
        showToast(m.tournament_saved_toast());
      }
      await navigate({ to: "/tournament/$id", params: { id: String(tournament.id) } });
    } catch (error) {
      form.server.take(error);
    }
  }
  return (
    <FormBody
      form={form}
      regionSlug={tournament.region.slug}
      regionName={tournament.region.name}
      error={update.error}
      submitLabel={m.tournament_form_save()}
      submitIcon={<Save aria-hidden className="size-5" />}
      pending={update.isPending}
      onSubmit={() => void save()}
      header={<Header title={m.tournament_edit_title()} subtitle={tournament.name} back={{ id: tournament.id }} />}
    />
  );
}

function NoPermission({ tournament }: { tournament: TTournament }) {
  return (
    <SharedNoPermission
      title={m.tournament_edit_forbidden()}
      signInRedirect={`/tournament/${tournament.id}/edit`}
      back={(className) => (
        <Link to="/tournament/$id" params={{ id: String(tournament.id) }} className={className}>
          {m.tournament_back_to_page()}
        </Link>
      )}
    />
  );
}

/** /tournament/{id}/edit: the organiser's and admins' form (`viewer.canManage`); a cancelled tournament stays as it was. */
export function EditTournamentScreen({ tournamentId }: { tournamentId: number }) {
  useLocale();
  // the parent route loaded it (and shows its not-found and load failure)
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(tournamentId));
  if (!tournament.viewer.canManage) return <NoPermission tournament={tournament} />;
  if (tournament.cancelledAt) {
    return (
      <div className="pb-6">
        <Header title={m.tournament_edit_title()} subtitle={tournament.name} back={{ id: tournament.id }} />
        <div className="px-4">
          <Notice tone="info">{m.tournament_edit_cancelled()}</Notice>
        </div>
      </div>
    );
  }
  return <EditTournamentForm tournament={tournament} />;
}
