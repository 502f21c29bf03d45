import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Info, MapPin } from "lucide-react";
import { useState } from "react";
import type { TGameTemplate } from "@shared/schemas/weekly";
import type { TCourtListItem } from "@shared/schemas/courts";
import { Notice } from "@client/components/notice";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { getStoredRegionSlug } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { showFlash } from "@client/features/account/flash";
import { CourtPicker } from "@client/features/games/form/court-picker";
import { CourtSaveBar } from "@client/features/games/manage/manage-common";
import { useCurrentRegion } from "@client/features/regions/regions-query";
import { WeeklyHeader } from "./weekly-header";
import { WeeklyLoader } from "./weekly-loader";
import { useWeeklyUpdated } from "./weekly-queries";

function EditCourt({ template }: { template: TGameTemplate }) {
  const navigate = useNavigate();
  const account = useAccount();
  const region = useCurrentRegion();
  const weeklyUpdated = useWeeklyUpdated();
  const [chosen, setChosen] = useState<TCourtListItem | null>(null);
  const update = useMutation(trpc.weekly.update.mutationOptions());

  // Only the creator or an admin moves a weekly session (spec 000 section 6).
  if (!template.viewer.canEditCourt) {
    return (
      <div className="pb-6">
        <WeeklyHeader template={template} title={m.weekly_edit_court()} back="detail" />
        <div className="px-4">
          <Notice tone="error">{m.weekly_no_permission()}</Notice>
        </div>
      </div>
    );
  }
  const changed = chosen !== null && chosen.id !== template.court?.id;

  async function save() {
    if (!chosen) return;
    try {
      weeklyUpdated(await update.mutateAsync({ id: template.id, courtId: chosen.id }));
      showFlash("game_flash_saved");
      await navigate({ to: "/weekly-sessions/$id", params: { id: String(template.id) } });
    } catch {
      // shown in the save bar
    }
  }

  return (
    <div className="pb-40">
      <WeeklyHeader template={template} title={m.weekly_edit_court()} back="detail" />
      <div className="mx-4 space-y-2">
        {template.court ? (
          <p className="flex items-center gap-2 rounded-2xl bg-slate-50 px-3.5 py-2.5 text-[14px] text-slate-700">
            <MapPin aria-hidden className="size-4 text-slate-500" />
            {m.game_edit_court_current({ court: template.court.name })}
          </p>
        ) : null}
        <p className="flex items-start gap-2 rounded-2xl bg-sky-50 px-3.5 py-2.5 text-[14px] leading-snug text-sky-950 ring-1 ring-sky-200">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {m.weekly_applies_future()}
        </p>
      </div>
      <CourtPicker
        embedded
        regionSlug={region?.slug ?? getStoredRegionSlug() ?? account?.region?.slug ?? null}
        regionName={region?.name ?? account?.region?.name ?? null}
        selectedId={chosen?.id ?? template.court?.id ?? null}
        onSelect={setChosen}
      />
      {changed ? (
        <CourtSaveBar courtName={chosen.name} error={update.isError ? update.error : null} pending={update.isPending} onSave={() => void save()} />
      ) : null}
    </div>
  );
}

/** /weekly-sessions/{id}/edit-court: the court picker of the game's edit-court page, for the session and its future games. */
export function WeeklyEditCourtScreen({ id }: { id: number }) {
  useLocale();
  return <WeeklyLoader id={id}>{(template) => <EditCourt template={template} />}</WeeklyLoader>;
}
