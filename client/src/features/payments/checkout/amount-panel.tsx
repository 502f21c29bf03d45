import { CreditCard } from "lucide-react";
import { formatMoney } from "@shared/rules/money";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** The amount to pay and the accepted methods, at the top of every checkout (game places, court bookings). */
export function AmountPanel({ amountCents }: { amountCents: number }) {
  const { locale } = useLocale();
  return (
    <div className="rounded-2xl bg-slate-900 px-4 py-4 text-white">
      <p className="text-[13px] font-semibold tracking-wide uppercase opacity-70">{m.checkout_amount()}</p>
      <p className="mt-0.5 text-[30px] leading-tight font-extrabold tabular-nums">{formatMoney(amountCents, locale)}</p>
      <p className="mt-1 flex items-center gap-1.5 text-[13px] font-semibold opacity-80">
        <CreditCard aria-hidden className="size-4" />
        {m.checkout_methods()}
      </p>
    </div>
  );
}
