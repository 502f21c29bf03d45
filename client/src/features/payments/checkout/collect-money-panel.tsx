import { useMutation } from "@tanstack/react-query";
import { Banknote } from "lucide-react";
import { formatMoney } from "@shared/rules/money";
import type { TCapturePaymentsResult } from "@shared/schemas/participation";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useGameRefresh } from "@client/features/participation/use-game-refresh";

const OUTCOME_TONES = { wouldCapture: "bg-slate-100 text-slate-800", captured: "bg-pitch-100 text-pitch-800", failed: "bg-red-100 text-red-800" } as const;

function outcomeLabel(outcome: TCapturePaymentsResult["payments"][number]["outcome"]): string {
  return outcome === "captured" ? m.checkout_collect_captured() : outcome === "failed" ? m.checkout_collect_failed() : m.checkout_collect_would();
}

/**
 * The admins' collect-money panel of a managed-payment game (spec 000 section 4): a dry run lists the
 * held cards that would be captured, then the real capture lists what happened to each.
 */
export function CollectMoneyPanel({ game }: { game: TGame }) {
  const { locale } = useLocale();
  const refresh = useGameRefresh(game.id);
  const capture = useMutation(trpc.participation.capturePayments.mutationOptions({ onSuccess: () => void refresh() }));
  const result = capture.data;

  return (
    <section aria-labelledby="collect-money" className="rounded-3xl border border-slate-200 p-4">
      <h2 id="collect-money" className="flex items-center gap-2 text-[17px] font-extrabold text-slate-900">
        <Banknote aria-hidden className="size-5 text-slate-600" />
        {m.checkout_collect_title()}
      </h2>
      <p className="mt-0.5 text-[14px] leading-snug text-slate-600">{m.checkout_collect_hint()}</p>
      {result ? (
        <div className="mt-3" data-testid="collect-result">
          <p className="text-[13px] font-semibold tracking-wide text-slate-600 uppercase">
            {result.dryRun ? m.checkout_collect_dry_run_result() : m.checkout_collect_capture_result()}
          </p>
          {result.payments.length === 0 ? (
            <p className="mt-1 text-[15px] text-slate-700">{m.checkout_collect_none()}</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-100">
              {result.payments.map((p) => (
                <li key={p.paymentId} className="flex items-center justify-between gap-2 py-2 text-[15px]">
                  <span className="min-w-0 truncate font-semibold text-slate-900">
                    {p.name}
                    {p.playerCount > 1 ? <span className="font-normal text-slate-600"> ×{p.playerCount}</span> : null}
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    <span className="tabular-nums">{formatMoney(p.amountCents, locale)}</span>
                    <span className={`rounded-full px-2 py-0.5 text-[12px] font-bold ${OUTCOME_TONES[p.outcome]}`}>{outcomeLabel(p.outcome)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {result.payments.length > 0 ? (
            <p className="mt-1 text-right text-[15px] font-extrabold text-slate-900 tabular-nums">{m.checkout_collect_total({ amount: formatMoney(result.totalCents, locale) })}</p>
          ) : null}
        </div>
      ) : null}
      {capture.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(capture.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="outline" loading={capture.isPending && capture.variables?.dryRun === true} onClick={() => capture.mutate({ gameId: game.id, dryRun: true })}>
          {m.checkout_collect_dry_run()}
        </Button>
        <Button
          variant="destructive"
          disabled={!result?.dryRun || result.payments.length === 0}
          loading={capture.isPending && capture.variables?.dryRun === false}
          onClick={() => capture.mutate({ gameId: game.id, dryRun: false })}
        >
          {m.checkout_collect_capture()}
        </Button>
      </div>
    </section>
  );
}
