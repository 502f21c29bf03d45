import { useQuery } from "@tanstack/react-query";
import { Download, ReceiptText } from "lucide-react";
import { formatMoney } from "@shared/rules/money";
import { intlLocale } from "@client/lib/intl-locale";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/**
 * The profile's list of the user's organiser invoices (issue 26): one row per month with its number, date and total,
 * and the PDF as a download through the access-checked route (server/http/organizer-invoices.ts). Shown only to
 * users who have invoices.
 */
export function MyInvoices() {
  const { locale } = useLocale();
  const { data } = useQuery(trpc.accounting.myInvoices.queryOptions(undefined, { staleTime: 60_000 }));
  if (!data || data.length === 0) return null;
  const date = new Intl.DateTimeFormat(intlLocale(locale), { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });
  const period = new Intl.DateTimeFormat(intlLocale(locale), { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <section aria-labelledby="my-invoices" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="my-invoices">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
          <ReceiptText aria-hidden className="size-5" />
        </span>
        <h2 id="my-invoices" className="text-[18px] font-bold text-slate-900">
          {m.accounting_invoices_title()}
        </h2>
      </div>
      <p className="text-[15px] text-slate-700">{m.accounting_invoices_text()}</p>
      <ul className="divide-y divide-slate-100">
        {data.map((invoice) => (
          <li key={invoice.id} className="py-3" data-testid="my-invoice">
            <div className="flex items-baseline justify-between gap-3">
              <p className="min-w-0 text-[16px] font-semibold text-slate-900">{period.format(new Date(Date.UTC(invoice.year, invoice.month - 1, 15)))}</p>
              <p className="shrink-0 text-[16px] font-bold text-slate-900 tabular-nums">{formatMoney(invoice.grossCents, locale)}</p>
            </div>
            <p className="text-sm text-slate-600">
              {invoice.invoiceNr} · {m.accounting_invoice_date({ date: date.format(invoice.invoiceDate) })}
            </p>
            <a
              href={invoice.downloadUrl}
              download={`${invoice.invoiceNr}.pdf`}
              className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-[15px] font-semibold text-pitch-700 ring-1 ring-pitch-200 hover:bg-pitch-50"
            >
              <Download aria-hidden className="size-5" />
              {m.accounting_invoice_download()}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
