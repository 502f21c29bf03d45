import { Link } from "@tanstack/react-router";
import { ArrowLeft, CalendarDays, MapPin } from "lucide-react";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { weeklyTitle, weeklyWhen } from "./weekly-format";

/**
 * The top of the weekly session pages: the way back (to the list, or to the session from its edit
 * pages), the title, the weekday and time of every week and the court.
 */
export function WeeklyHeader({ template, title, back }: { template: TGameTemplate; title?: string; back: "list" | "detail" }) {
  const { locale } = useLocale();
  const linkClass = "-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50";
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-3 pb-4">
      {back === "list" ? (
        <Link to="/weekly-sessions" className={linkClass}>
          <ArrowLeft aria-hidden className="size-5" />
          {m.weekly_back()}
        </Link>
      ) : (
        <Link to="/weekly-sessions/$id" params={{ id: String(template.id) }} className={linkClass}>
          <ArrowLeft aria-hidden className="size-5" />
          {weeklyTitle(template)}
        </Link>
      )}
      <h1 className="mt-1 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{title ?? weeklyTitle(template)}</h1>
      <p className="mt-1.5 flex items-center gap-1.5 text-[15px] font-semibold text-slate-800">
        <CalendarDays aria-hidden className="size-4.5 shrink-0 text-pitch-700" />
        {weeklyWhen(template, locale)}
      </p>
      {template.court ? (
        <p className="mt-0.5 flex items-center gap-1.5 text-[15px] text-slate-700">
          <MapPin aria-hidden className="size-4.5 shrink-0 text-pitch-700" />
          <span className="truncate">{template.court.name}</span>
        </p>
      ) : null}
    </div>
  );
}
