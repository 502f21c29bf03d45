import { Calculator } from "lucide-react";
import { useId } from "react";
import { STATIC_FEE_CENTS, type Language } from "@shared/constants";
import { payoutCalculation, type PayoutInput } from "@shared/rules/fees";
import { formatMoney } from "@shared/rules/money";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

function formatPercent(percentage: number, locale: Language): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percentage / 100);
}

/**
 * The payout calculator of the create and edit forms (spec 001 sections 1 and 9): what one paying
 * player leaves after the fee, and what the organiser receives for each number of paying players
 * (shared/rules/fees.ts payoutCalculation), live as price, minimum and maximum change. `input` is
 * null while the price is no amount: then, as for no price and any constellation without payout, the spec's text.
 */
export function PayoutCalculator({ input }: { input: PayoutInput | null }) {
  const { locale } = useLocale();
  const titleId = useId();
  const calculation = input ? payoutCalculation(input) : null;
  const money = (cents: number) => formatMoney(cents, locale);
  // PAYOUT_NONE_MESSAGE_KEY: 'In dieser Konstellation gibt es keine Auszahlung.' (spec 001 section 8)
  const none = m.payout_calculator_none();

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-pitch-50 p-3.5 ring-1 ring-pitch-100">
      <h3 id={titleId} className="flex items-center gap-2 text-[16px] font-bold text-pitch-900">
        <Calculator aria-hidden className="size-4.5" />
        {m.payout_calculator_title()}
      </h3>
      {calculation && input && input.priceCents > 0 ? (
        <>
          <p className="mt-2 text-[15px] font-semibold text-slate-900" data-testid="payout-per-player">
            {m.payout_calculator_per_player({
              price: money(calculation.perPlayer.priceCents),
              fee: money(calculation.perPlayer.feeCents),
              payout: money(calculation.perPlayer.payoutCents),
            })}
          </p>
          <p className="mt-1 text-[14px] leading-snug text-slate-600">
            {m.payout_calculator_fee_rule({ percent: formatPercent(input.feePercentage, locale), static: money(STATIC_FEE_CENTS) })}
            {calculation.monthlyFeeCents > 0 ? ` ${m.payout_calculator_monthly_fee({ fee: money(calculation.monthlyFeeCents) })}` : null}
          </p>
          {calculation.rows.length > 0 ? (
            <div className="mt-3 max-h-72 overflow-y-auto rounded-xl bg-white ring-1 ring-pitch-100">
              <table className="w-full text-[15px]">
                <thead className="sticky top-0 bg-white text-left text-[13px] font-semibold text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {m.payout_calculator_players()}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {m.payout_calculator_payout()}
                    </th>
                  </tr>
                </thead>
                <tbody className="tabular-nums">
                  {calculation.rows.map((row) => (
                    <tr key={row.payingPlayers} className="border-t border-slate-100">
                      <td className="px-3 py-1.5 text-slate-800">{row.payingPlayers}</td>
                      <td className="px-3 py-1.5 text-right font-semibold text-slate-900">{money(row.payoutCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="mt-3 text-[15px] font-semibold text-slate-800">{none}</p>
          )}
        </>
      ) : (
        <p className="mt-2 text-[15px] font-semibold text-slate-800">{none}</p>
      )}
    </section>
  );
}
