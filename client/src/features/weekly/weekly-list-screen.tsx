import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BellRing, CalendarCheck2, CalendarClock, CalendarOff, ChevronRight, MapPin, Plus, RefreshCw, Repeat, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { weeklyStateLine, weeklyTitle, weeklyWhen } from "./weekly-format";
import { myWeeklyQueryOptions } from "./weekly-queries";

const STATE_STYLES: Record<TGameTemplate["state"]["kind"], { className: string; icon: ReactNode }> = {
  open: { className: "bg-amber-100 text-amber-900", icon: <BellRing aria-hidden className="size-4" /> },
  waiting: { className: "bg-slate-100 text-slate-700", icon: <CalendarClock aria-hidden className="size-4" /> },
  scheduled: { className: "bg-pitch-100 text-pitch-800", icon: <CalendarCheck2 aria-hidden className="size-4" /> },
  deactivated: { className: "bg-slate-100 text-slate-600", icon: <CalendarOff aria-hidden className="size-4" /> },
};

function WeeklyCard({ template }: { template: TGameTemplate }) {
  const { locale } = useLocale();
  const title = weeklyTitle(template);
  const style = STATE_STYLES[template.state.kind];
  const inactive = template.state.kind === "deactivated";
  return (
    <Link
      to="/weekly-sessions/$id"
      params={{ id: String(template.id) }}
      data-testid="weekly-card"
      className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm shadow-slate-900/5 hover:border-pitch-300"
    >
      {template.court?.imageUrl ? (
        <img src={template.court.imageUrl} alt="" className={`size-16 shrink-0 rounded-2xl bg-slate-900 object-cover ${inactive ? "opacity-60 grayscale" : ""}`} />
      ) : (
        <span
          className={`inline-flex size-16 shrink-0 items-center justify-center rounded-2xl text-white ${
            inactive ? "bg-slate-400" : "bg-gradient-to-br from-pitch-600 to-pitch-800"
          }`}
        >
          <Repeat aria-hidden className="size-7" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[17px] font-extrabold tracking-tight text-slate-900">{title}</span>
        <span className="block truncate text-[14px] font-semibold text-slate-700">{weeklyWhen(template, locale)}</span>
        {template.court && template.title ? (
          <span className="flex items-center gap-1 truncate text-[13px] text-slate-600">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{template.court.name}</span>
          </span>
        ) : null}
        <span className={`mt-1.5 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-[13px] font-bold ${style.className}`}>
          {style.icon}
          {weeklyStateLine(template, locale)}
        </span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}

function Section({ id, title, templates }: { id: string; title: string; templates: TGameTemplate[] }) {
  if (templates.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 flex items-center gap-2 px-1 text-[15px] font-extrabold tracking-tight text-slate-700 uppercase">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] text-slate-600">{templates.length}</span>
      </h2>
      <ul className="space-y-3">
        {templates.map((template) => (
          <li key={template.id}>
            <WeeklyCard template={template} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /weekly-sessions (spec 000 section 2): the user's weekly sessions, active and deactivated; a create button when none. */
export function WeeklyListScreen() {
  useLocale();
  const templates = useQuery(myWeeklyQueryOptions());
  let body: ReactNode;
  if (templates.isPending) body = <ListPlaceholder rows={2} />;
  else if (templates.isError) {
    body = (
      <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
        <p role="alert" className="text-[16px] font-semibold text-slate-800">
          {m.weekly_load_error()}
        </p>
        <Button className="mt-4" variant="outline" loading={templates.isFetching} onClick={() => void templates.refetch()}>
          <RefreshCw aria-hidden className="size-5" />
          {m.common_retry()}
        </Button>
      </EmptyState>
    );
  } else if (templates.data.length === 0) {
    body = (
      <EmptyState icon={<Repeat aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.weekly_empty()}</p>
        <p className="mt-1 max-w-xs text-[14px] leading-snug text-slate-600">{m.weekly_empty_hint()}</p>
        <Link to="/create/game" className={buttonClassName({ className: "mt-5" })}>
          <Plus aria-hidden className="size-5" />
          {m.weekly_create()}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <div className="space-y-6">
        <Section id="weekly-active" title={m.weekly_active()} templates={templates.data.filter((t) => t.isActive)} />
        <Section id="weekly-deactivated" title={m.weekly_deactivated()} templates={templates.data.filter((t) => !t.isActive)} />
      </div>
    );
  }
  return (
    <div className="pb-8">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.weekly_title()}</h1>
        <p className="mt-1 text-[15px] leading-snug text-slate-600">{m.weekly_subtitle()}</p>
      </div>
      <div className="px-4">{body}</div>
    </div>
  );
}
