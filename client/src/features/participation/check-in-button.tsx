import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, LocateFixed, MapPin } from "lucide-react";
import { useState } from "react";
import { playerCheckInWindow } from "@shared/rules/check-in";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { appErrorData, errorMessage } from "@client/lib/errors";
import { formatTime } from "@client/lib/format/dates";
import { intlLocale } from "@client/lib/intl-locale";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import type { OwnParticipation } from "./own-participation";

/** Why no position came: the browser's (or the wrapper's web view's) GeolocationPositionError, or none at all. */
type LocateProblem = "denied" | "unavailable" | "unsupported";

/** "80 m", "2,3 km" */
function formatDistance(meters: number, locale: string): string {
  const format = (n: number, digits: number) => new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: digits }).format(n);
  return meters < 1000 ? `${format(Math.round(meters / 10) * 10 || meters, 0)} m` : `${format(meters / 1000, meters < 10_000 ? 1 : 0)} km`;
}

/** The browser's position, once (high accuracy: a phone at the pitch has GPS). */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 }));
}

/**
 * Check-in at the pitch (issue 29; server/domains/participation/README.md "Check-in at the pitch"): from 30
 * minutes before the start until the end, a player with a place sees "Einchecken". The card says why the
 * location is asked for before the browser asks; a refusal or a denied permission says what to do. Once checked
 * in, one line: "Eingecheckt um 18:57".
 */
export function CheckInButton({ game, own, now }: { game: TGame; own: OwnParticipation; now: Date }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const guestToken = own.guest?.guestToken;
  const open = playerCheckInWindow({ start: game.startTime, end: game.endTime, now }) === "open";
  const statusOptions = trpc.participation.checkInStatus.queryOptions({ gameId: game.id, guestToken });
  const status = useQuery({ ...statusOptions, enabled: open });
  const checkIn = useMutation(trpc.participation.checkIn.mutationOptions());
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocateProblem | null>(null);

  if (!open || status.data === undefined) return null;
  const checkedInAt = status.data.checkedInAt;

  if (checkedInAt) {
    return (
      <div data-testid="check-in-done" className="mt-3 rounded-2xl bg-white px-3.5 py-3 ring-1 ring-pitch-200">
        <p className="flex items-center gap-2 text-[16px] font-extrabold text-pitch-800">
          <CircleCheck aria-hidden className="size-5 shrink-0" />
          {m.checkin_done({ time: formatTime(checkedInAt, locale) })}
        </p>
        <p className="mt-0.5 pl-7 text-[14px] leading-snug text-slate-600">{status.data.late ? m.checkin_done_late() : m.checkin_done_text()}</p>
      </div>
    );
  }

  async function start() {
    setProblem(null);
    checkIn.reset();
    if (!("geolocation" in navigator)) return setProblem("unsupported");
    setLocating(true);
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (error) {
      setLocating(false);
      return setProblem((error as GeolocationPositionError | undefined)?.code === 1 ? "denied" : "unavailable");
    }
    setLocating(false);
    try {
      const { latitude, longitude, accuracy } = position.coords;
      const state = await checkIn.mutateAsync({ gameId: game.id, latitude, longitude, accuracy: Number.isFinite(accuracy) ? Math.min(accuracy, 100_000) : null, guestToken });
      queryClient.setQueryData(statusOptions.queryKey, state);
    } catch {
      // shown below
    }
  }

  const tooFar = appErrorData(checkIn.error)?.code === "CHECK_IN_TOO_FAR" ? appErrorData(checkIn.error)?.details : undefined;
  const refusal = problem
    ? { denied: m.checkin_denied, unavailable: m.checkin_unavailable, unsupported: m.checkin_unsupported }[problem]()
    : tooFar
      ? m.checkin_too_far({ distance: formatDistance(Number(tooFar.distanceMeters), locale), allowed: formatDistance(Number(tooFar.allowedMeters), locale) })
      : checkIn.isError
        ? errorMessage(checkIn.error)
        : null;

  return (
    <div data-testid="check-in" className="mt-3 rounded-2xl bg-white p-3.5 ring-1 ring-slate-900/10">
      <p className="flex items-center gap-2 text-[16px] font-extrabold text-slate-900">
        <MapPin aria-hidden className="size-5 shrink-0 text-pitch-700" />
        {m.checkin_title()}
      </p>
      <p className="mt-1 text-[14px] leading-snug text-slate-600">{m.checkin_explain()}</p>
      {refusal ? (
        <div className="mt-3">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <Button block size="lg" className="mt-3" loading={locating || checkIn.isPending} onClick={() => void start()}>
        {locating || checkIn.isPending ? null : <LocateFixed aria-hidden className="size-5" />}
        {locating ? m.checkin_locating() : m.checkin_button()}
      </Button>
    </div>
  );
}
