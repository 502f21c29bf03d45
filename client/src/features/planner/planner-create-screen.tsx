import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { CalendarClock, MapPin, Plus, Send, Trash2, Type } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { PLANNER_INTERVALS, PLANNER_MAX_SLOTS, PLANNER_SHARE_CHANNELS } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { PLANNER_DURATION_MAX, PLANNER_DURATION_MIN, PLANNER_DURATION_STEP, PLANNER_TITLE_MAX, pollEndProblem, slotsProblem, type PlannerSlotDraft } from "@shared/rules/planner";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { FormSection } from "@client/components/form-section";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { TextField } from "@client/components/text-field";
import { errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { CourtPicker } from "@client/features/games/form/court-picker";
import { useMessageCatalogue } from "@client/lib/messages";
import { regionsQueryOptions, sortRegions, useCurrentRegion } from "@client/features/regions/regions-query";
import { intervalName, weekdayName } from "./planner-format";

const DURATIONS = Array.from({ length: (PLANNER_DURATION_MAX - PLANNER_DURATION_MIN) / PLANNER_DURATION_STEP + 1 }, (_, i) => PLANNER_DURATION_MIN + i * PLANNER_DURATION_STEP);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
type ShareChannel = (typeof PLANNER_SHARE_CHANNELS)[number];
type Court = { id: number; name: string };
const SHARE_LABELS: Record<ShareChannel, () => string> = { WHATSAPP: m.planner_share_WHATSAPP, TELEGRAM: m.planner_share_TELEGRAM, LINK: m.planner_share_LINK };

/** /planner/new (issue 26; the old form's fields: chat, interval, weekday and time, poll end, slots): the save button works now. */
export function PlannerCreateScreen({ account }: { account: TMyAccount }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentRegion = useCurrentRegion();
  const regions = useQuery(regionsQueryOptions());
  const [title, setTitle] = useState("");
  const [regionId, setRegionId] = useState<number | null>(currentRegion?.id ?? account.region?.id ?? null);
  const [court, setCourt] = useState<Court | null>(null);
  const [picking, setPicking] = useState(false);
  const [slots, setSlots] = useState<PlannerSlotDraft[]>([{ weekday: 1, startTime: "19:00", durationMinutes: 90 }]);
  const [interval, setInterval] = useState<0 | 1 | 2>(0);
  const [endDay, setEndDay] = useState(() => addBerlinDays(berlinDay(new Date()), 3));
  const [endTime, setEndTime] = useState("20:00");
  const [shareChannel, setShareChannel] = useState<ShareChannel>("WHATSAPP");
  const [tried, setTried] = useState(false);
  const create = useMutation(trpc.planner.create.mutationOptions());
  const serverFields = create.error ? fieldErrorCodes(create.error) : {};

  const pollEndsAt = useMemo(() => (/^\d{4}-\d{2}-\d{2}$/.test(endDay) && /^\d{2}:\d{2}$/.test(endTime) ? berlinDateTimeToInstant(endDay, endTime) : null), [endDay, endTime]);
  const problems = {
    title: title.trim() === "" ? "required" : title.trim().length > PLANNER_TITLE_MAX ? "planner_title_too_long" : null,
    region: regionId === null ? "required" : null,
    slots: slotsProblem(slots) ? `planner_${slotsProblem(slots)}` : null,
    pollEndsAt: pollEndsAt === null ? "planner_poll_end_invalid" : pollEndProblem(pollEndsAt, new Date()) ? `planner_${pollEndProblem(pollEndsAt, new Date())}` : null,
  };
  const shown = (name: keyof typeof problems, server?: string) => {
    const code = (tried ? problems[name] : null) ?? (server ? serverFields[server] : undefined);
    return code ? validationMessage(code) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.values(problems).some((p) => p !== null) || regionId === null || pollEndsAt === null) return;
    try {
      const planner = await create.mutateAsync({ title: title.trim(), regionId, courtId: court?.id ?? null, slots, interval, pollEndsAt, shareChannel });
      void queryClient.invalidateQueries({ queryKey: trpc.planner.mine.pathKey() });
      await navigate({ to: "/planner/$id", params: { id: String(planner.id) } });
    } catch {
      // shown below the form
    }
  }

  const region = regions.data?.find((r) => r.id === regionId) ?? null;
  if (picking) {
    return (
      <CourtPicker
        regionSlug={region?.slug ?? null}
        regionName={region?.name ?? null}
        selectedId={court?.id ?? null}
        onSelect={(picked) => {
          setCourt({ id: picked.id, name: picked.name });
          setPicking(false);
        }}
        onBack={() => setPicking(false)}
      />
    );
  }

  const updateSlot = (index: number, change: Partial<PlannerSlotDraft>) => setSlots((current) => current.map((s, i) => (i === index ? { ...s, ...change } : s)));

  return (
    <form noValidate onSubmit={submit} className="pb-6">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.planner_create_title()}</h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.planner_create_subtitle()}</p>
      </div>
      <div className="space-y-4 bg-chalk px-3 pb-2">
        <FormSection icon={<Type aria-hidden className="size-4" />} title={m.planner_section_details()}>
          <TextField label={m.planner_field_title()} value={title} onValueChange={setTitle} name="title" maxLength={PLANNER_TITLE_MAX + 10} hint={m.planner_field_title_hint()} error={shown("title", "title")} />
          <SelectField
            label={m.planner_field_region()}
            value={regionId === null ? "" : String(regionId)}
            onValueChange={(value) => {
              setRegionId(Number(value));
              setCourt(null);
            }}
            placeholder={m.planner_field_region_placeholder()}
            options={sortRegions(regions.data ?? [], locale).map((r) => ({ value: String(r.id), label: r.name }))}
            error={shown("region", "regionId")}
          />
          <div>
            <p className="mb-1.5 text-sm font-semibold text-slate-800">
              {m.planner_field_court()} <span className="font-normal text-slate-600">{m.common_optional()}</span>
            </p>
            <div className="flex items-center gap-2">
              <Button variant="outline" className="min-w-0 flex-1 justify-start" onClick={() => setPicking(true)} disabled={regionId === null}>
                <MapPin aria-hidden className="size-5 shrink-0 text-pitch-600" />
                <span className="truncate">{court ? court.name : m.planner_field_court_pick()}</span>
              </Button>
              {court ? (
                <Button variant="ghost" aria-label={m.planner_field_court_remove()} onClick={() => setCourt(null)}>
                  <Trash2 aria-hidden className="size-5" />
                </Button>
              ) : null}
            </div>
            {!court ? <p className="mt-1.5 text-sm text-slate-600">{m.planner_field_court_none()}</p> : null}
          </div>
        </FormSection>

        <FormSection icon={<CalendarClock aria-hidden className="size-4" />} title={m.planner_section_slots()}>
          {slots.map((slot, index) => (
            <fieldset key={index} data-testid="planner-slot-fields" className="min-w-0 space-y-3 rounded-2xl bg-slate-50 p-3 ring-1 ring-slate-200">
              <legend className="sr-only">{m.planner_slot_label({ n: String(index + 1) })}</legend>
              <div className="flex items-center justify-between">
                <p className="text-[15px] font-extrabold text-slate-900">{m.planner_slot_label({ n: String(index + 1) })}</p>
                {slots.length > 1 ? (
                  <Button variant="ghost" aria-label={m.planner_remove_slot({ n: String(index + 1) })} onClick={() => setSlots((current) => current.filter((_, i) => i !== index))}>
                    <Trash2 aria-hidden className="size-5" />
                  </Button>
                ) : null}
              </div>
              <div className="grid grid-cols-[1fr_9.5rem] gap-3">
                <SelectField
                  label={m.planner_field_weekday()}
                  value={String(slot.weekday)}
                  onValueChange={(value) => updateSlot(index, { weekday: Number(value) })}
                  placeholder={m.planner_field_weekday()}
                  options={WEEKDAYS.map((d) => ({ value: String(d), label: weekdayName(d) }))}
                  name={`slot-${index}-weekday`}
                />
                <TextField label={m.planner_field_start()} type="time" step={300} value={slot.startTime} onValueChange={(startTime) => updateSlot(index, { startTime })} name={`slot-${index}-start`} />
              </div>
              <ChoiceChips
                label={m.planner_field_duration()}
                value={slot.durationMinutes}
                onValueChange={(durationMinutes) => updateSlot(index, { durationMinutes })}
                choices={DURATIONS.map((minutes) => ({ value: minutes, label: m.planner_minutes({ minutes: String(minutes) }) }))}
                scroll
              />
            </fieldset>
          ))}
          {shown("slots", "slots") ? <p className="text-sm font-medium text-red-700">{shown("slots", "slots")}</p> : null}
          {slots.length < PLANNER_MAX_SLOTS ? (
            <Button
              variant="secondary"
              block
              onClick={() => setSlots((current) => [...current, { weekday: ((current.at(-1)?.weekday ?? 0) + 2) % 7, startTime: current.at(-1)?.startTime ?? "19:00", durationMinutes: current.at(-1)?.durationMinutes ?? 90 }])}
            >
              <Plus aria-hidden className="size-5" />
              {m.planner_add_slot()}
            </Button>
          ) : null}
          <ChoiceChips label={m.planner_field_interval()} value={interval} onValueChange={setInterval} choices={PLANNER_INTERVALS.map((i) => ({ value: i, label: intervalName(i) }))} scroll />
        </FormSection>

        <FormSection icon={<Send aria-hidden className="size-4" />} title={m.planner_section_poll()}>
          <div className="grid grid-cols-[1fr_9.5rem] gap-3">
            <TextField label={m.planner_field_poll_end()} type="date" value={endDay} onValueChange={setEndDay} name="pollEndDay" />
            <TextField label={m.planner_field_poll_end_time()} type="time" value={endTime} onValueChange={setEndTime} name="pollEndTime" />
          </div>
          {shown("pollEndsAt", "pollEndsAt") ? <p className="-mt-3 text-sm font-medium text-red-700">{shown("pollEndsAt", "pollEndsAt")}</p> : <p className="-mt-3 text-sm text-slate-600">{m.planner_field_poll_end_hint()}</p>}
          <ChoiceChips label={m.planner_field_share()} value={shareChannel} onValueChange={setShareChannel} choices={PLANNER_SHARE_CHANNELS.map((c) => ({ value: c, label: SHARE_LABELS[c]() }))} />
        </FormSection>

        <div className="space-y-3 px-1 pt-2">
          {create.error && Object.keys(serverFields).length === 0 ? <Notice tone="error">{errorMessage(create.error)}</Notice> : null}
          <Button type="submit" size="lg" block loading={create.isPending}>
            <CalendarClock aria-hidden className="size-5" />
            {m.planner_create_submit()}
          </Button>
        </div>
      </div>
    </form>
  );
}
