import { Globe } from "lucide-react";
import { useBrowserValue } from "@client/lib/hydration";
import { useLocale } from "@client/lib/locale";
import { browserTimeZone, showsOtherTimeThanBerlin } from "@client/lib/time-zone";
import { m } from "@client/paraglide/messages";
import { formatTime } from "@client/lib/format/dates";
import { intlLocale } from "@client/lib/intl-locale";

/**
 * Game times are pitch times (Europe/Berlin). When the phone's clock differs, say so and show
 * both (spec 000 section 5).
 */
export function TimeZoneWarning({ instant, className = "" }: { instant: Date; className?: string }) {
  const { locale } = useLocale();
  // the device's zone, which the server drawing the page does not know
  const zone = useBrowserValue(browserTimeZone, null);
  if (!zone || !showsOtherTimeThanBerlin(instant, zone)) return null;
  const local = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
  return (
    <p role="note" className={`flex items-start gap-2 rounded-2xl bg-amber-50 px-3.5 py-2.5 text-[14px] leading-snug text-amber-950 ring-1 ring-amber-200 ${className}`}>
      <Globe aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span>{m.game_time_zone_warning({ pitch: formatTime(instant, locale), local, zone: zone.replaceAll("_", " ") })}</span>
    </p>
  );
}
