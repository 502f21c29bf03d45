import { useMutation } from "@tanstack/react-query";
import { Droplets, Wind } from "lucide-react";
import { useState } from "react";
import { canCancelGame } from "@shared/rules/game-windows";
import { isNight, type WeatherAlertKind, type WeatherCondition } from "@shared/rules/weather";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { formatTime } from "@client/lib/format/dates";
import { intlLocale } from "@client/lib/intl-locale";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useGameUpdated } from "@client/features/games/game-query";
import { cancelErrorText } from "@client/features/games/manage/cancel-game-modal";
import { conditionLabel, formatDegrees, weatherLabel, WeatherIcon } from "./weather-badge";

const decimal = (n: number, locale: string) => new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

/**
 * The game page's weather row (issue 29): the cached forecast of the start hour for an outdoor game that has not
 * ended (condition, temperature, rain, wind); nothing when none is known (indoor, no court, beyond the forecast).
 */
export function GameWeatherRow({ game, now }: { game: TGame; now: Date }) {
  const { locale } = useLocale();
  const weather = game.weather;
  if (!weather || game.cancelledAt !== null || now >= game.endTime) return null;
  return (
    <section aria-labelledby="game-weather" data-testid="game-weather" className="rounded-3xl border border-sky-100 bg-gradient-to-br from-sky-50 via-white to-white p-4">
      <h2 id="game-weather" className="text-[12px] font-semibold tracking-wide text-slate-600 uppercase">
        {m.weather_row_title()}
      </h2>
      <div className="mt-2 flex items-center gap-3">
        <WeatherIcon
          condition={weather.condition}
          className="size-14 shrink-0"
          label={weatherLabel(weather, locale)}
          night={isNight(game.startTime, game.court?.latitude, game.court?.longitude)}
        />
        <div className="min-w-0">
          <p className="text-[28px] leading-none font-extrabold text-slate-900 tabular-nums">{formatDegrees(weather.temperatureC, locale)} °C</p>
          <p className="mt-1 truncate text-[15px] font-semibold text-slate-700">{conditionLabel(weather.condition)}</p>
        </div>
        <dl className="ml-auto shrink-0 space-y-1 text-right text-[14px] text-slate-700 tabular-nums">
          <div className="flex items-center justify-end gap-1.5">
            <dt>
              <Droplets aria-hidden className="size-4 text-sky-500" />
              <span className="sr-only">{m.weather_row_precipitation()}</span>
            </dt>
            <dd className="font-semibold">{decimal(weather.precipitationMm, locale)} mm</dd>
          </div>
          <div className="flex items-center justify-end gap-1.5">
            <dt>
              <Wind aria-hidden className="size-4 text-slate-500" />
              <span className="sr-only">{m.weather_row_wind()}</span>
            </dt>
            <dd className="font-semibold">{weather.windKmh} km/h</dd>
          </div>
        </dl>
      </div>
      {weather.gustsKmh >= 50 ? <p className="mt-2 text-[13px] font-semibold text-slate-700">{m.weather_row_gusts({ gusts: String(weather.gustsKmh) })}</p> : null}
      <p className="mt-2 text-[12px] text-slate-500">{m.weather_row_source({ time: formatTime(weather.fetchedAt, locale) })}</p>
    </section>
  );
}

const ALERT_ICON: Record<WeatherAlertKind, WeatherCondition> = { RAIN: "rain", STORM: "thunderstorm", HEAT: "clear" };

function alertTitle(kind: WeatherAlertKind): string {
  return kind === "RAIN" ? m.weather_alert_title_RAIN() : kind === "STORM" ? m.weather_alert_title_STORM() : m.weather_alert_title_HEAT();
}

/**
 * The organiser's weather warning (sent 3 hours before the start) while it stands: the forecast that warned and the
 * one-tap rain cancel, which confirms and then calls the one cancel there is (games.cancel, reason BAD_WEATHER:
 * players told, held payments released). From an hour before the start cancelling is closed (spec 000 section 4):
 * the box then says so instead.
 */
export function WeatherAlertBox({ game, now }: { game: TGame; now: Date }) {
  const { locale } = useLocale();
  const [confirming, setConfirming] = useState(false);
  const gameUpdated = useGameUpdated();
  const cancel = useMutation(trpc.games.cancel.mutationOptions());
  const alert = game.weatherAlert;
  if (!alert || !game.viewer.canManage || game.cancelledAt !== null || now >= game.startTime) return null;
  const cancelWindow = canCancelGame(game.startTime, now);
  const time = formatTime(alert.hour < game.startTime ? game.startTime : alert.hour, locale);
  const text =
    alert.kind === "RAIN"
      ? m.weather_alert_text_RAIN({ amount: decimal(alert.precipitationMm, locale), time, temperature: formatDegrees(alert.temperatureC, locale) })
      : alert.kind === "STORM"
        ? m.weather_alert_text_STORM({ gusts: String(alert.gustsKmh), time })
        : m.weather_alert_text_HEAT({ temperature: formatDegrees(alert.temperatureC, locale), time });

  async function confirm() {
    try {
      const updated = await cancel.mutateAsync({ gameId: game.id, reason: "BAD_WEATHER", message: null });
      gameUpdated(updated);
      setConfirming(false);
      showToast(m.toast_game_cancelled());
    } catch {
      // shown in the dialog
    }
  }

  return (
    <section aria-labelledby="weather-alert-title" data-testid="weather-alert" data-kind={alert.kind} className="rounded-3xl border border-amber-300 bg-amber-50 p-4 shadow-sm shadow-amber-900/5">
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white ring-1 ring-amber-200">
          <WeatherIcon condition={ALERT_ICON[alert.kind]} className="size-9" />
        </span>
        <div className="min-w-0">
          <h2 id="weather-alert-title" className="text-[17px] leading-snug font-extrabold text-amber-950">
            {alertTitle(alert.kind)}
          </h2>
          <p className="mt-0.5 text-[15px] leading-snug text-amber-950/90">{text}</p>
          <p className="mt-1 text-[13px] text-amber-900/75">{m.weather_alert_only_you()}</p>
        </div>
      </div>
      {cancelWindow === "ok" ? (
        <Button variant="destructive" size="lg" block className="mt-3.5" onClick={() => setConfirming(true)}>
          {m.weather_cancel_action()}
        </Button>
      ) : (
        <p className="mt-3 text-[14px] font-semibold text-amber-950">{m.error_SHORT_NOTICE_CANCELLATION()}</p>
      )}
      {confirming ? (
        <Modal open onClose={() => setConfirming(false)} title={m.weather_cancel_confirm_title()}>
          <div className="space-y-4">
            <p className="text-[15px] leading-relaxed text-slate-700">{m.weather_cancel_confirm_text()}</p>
            {cancel.isError ? <Notice tone="error">{cancelErrorText(cancel.error)}</Notice> : null}
            <div className="space-y-2">
              <Button variant="destructive" size="lg" block loading={cancel.isPending} onClick={() => void confirm()}>
                {m.weather_cancel_confirm()}
              </Button>
              <Button variant="ghost" size="lg" block onClick={() => setConfirming(false)}>
                {m.weather_cancel_keep()}
              </Button>
            </div>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
