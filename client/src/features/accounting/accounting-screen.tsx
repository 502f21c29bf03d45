import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ClipboardList } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { Language } from "@shared/constants";
import { berlinMonth } from "@shared/rules/accounting";
import { formatMoney } from "@shared/rules/money";
import type { TCoachedGame, TCoachedGames } from "@shared/schemas/accounting";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { NoPermission } from "@client/components/no-permission";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { errorMessage } from "@client/lib/errors";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { intlLocale } from "@client/lib/intl-locale";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { regionsQueryOptions, sortRegions } from "@client/features/regions/regions-query";

type Selection = { year: number; month: number; regionSlug: string };

/** The years the picker offers: this one and the four before (accounting looks back). */
function yearOptions(current: number): number[] {
  return Array.from({ length: 5 }, (_, i) => current - i);
}

function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 15)));
}

/**
 * /accounting, the admins' accounting overview (spec 000 section 2, spec 001 sections 2.2, 2.8; issue 26): month,
 * year and city (the admin's own by default) with a Load button; the coached games of that month as cards (court,
 * date and time, coach's first name, revenue in euro with its card and cash parts, the attendance list) and the sums
 * of card payments, of cash payments and in total. Everybody else reads "Fehlende Berechtigung." (the server refuses
 * with FORBIDDEN too).
 */
export function AccountingScreen({ account }: { account: TMyAccount }) {
  const { locale } = useLocale();
  const now = berlinMonth(new Date());
  const regions = useQuery({ ...regionsQueryOptions(), enabled: account.isAdmin });
  const [form, setForm] = useState<Selection>({ year: now.year, month: now.month, regionSlug: account.region?.slug ?? "" });
  const [loaded, setLoaded] = useState<Selection | null>(null);
  const query = useQuery({ ...trpc.accounting.coachedGames.queryOptions(loaded ?? { year: now.year, month: now.month, regionSlug: "" }), enabled: loaded !== null && account.isAdmin });

  if (!account.isAdmin) {
    return (
      <NoPermission
        title={m.error_FORBIDDEN()}
        signInRedirect="/accounting"
        back={(className) => (
          <Link to="/" className={className}>
            {m.accounting_back()}
          </Link>
        )}
      />
    );
  }

  const regionSlug = form.regionSlug || (regions.data?.[0]?.slug ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!regionSlug) return;
    setLoaded({ ...form, regionSlug });
  };

  return (
    <div className="pb-10">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.accounting_title()}</h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.accounting_subtitle()}</p>
      </div>
      <div className="space-y-5 px-4">
        <form onSubmit={submit} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="accounting-form">
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label={m.accounting_month()}
              value={String(form.month)}
              onValueChange={(v) => setForm((f) => ({ ...f, month: Number(v) }))}
              options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1, locale) }))}
              placeholder={m.accounting_month()}
              name="month"
            />
            <SelectField
              label={m.accounting_year()}
              value={String(form.year)}
              onValueChange={(v) => setForm((f) => ({ ...f, year: Number(v) }))}
              options={yearOptions(now.year).map((y) => ({ value: String(y), label: String(y) }))}
              placeholder={m.accounting_year()}
              name="year"
            />
          </div>
          <SelectField
            label={m.accounting_region()}
            value={regionSlug}
            onValueChange={(v) => setForm((f) => ({ ...f, regionSlug: v }))}
            options={sortRegions(regions.data ?? [], locale).map((r) => ({ value: r.slug, label: r.name }))}
            placeholder={m.accounting_region_placeholder()}
            name="region"
          />
          <Button type="submit" size="lg" block disabled={!regionSlug} loading={query.isFetching}>
            {m.accounting_load()}
          </Button>
        </form>

        {loaded === null ? <p className="px-1 text-[15px] text-slate-600">{m.accounting_pick_hint()}</p> : null}
        {query.error ? <Notice tone="error">{errorMessage(query.error)}</Notice> : null}
        {query.data ? <Result data={query.data} locale={locale} /> : null}
      </div>
    </div>
  );
}

function Result({ data, locale }: { data: TCoachedGames; locale: Language }) {
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <section aria-labelledby="accounting-result" className="space-y-3" data-testid="accounting-result">
      <h2 id="accounting-result" className="px-1 text-[18px] font-bold text-slate-900">
        {monthName(data.month, locale)} {data.year} · {data.region.name}
      </h2>
      <dl className="grid grid-cols-2 gap-2" data-testid="accounting-sums">
        <div className="col-span-2 rounded-2xl bg-slate-900 px-4 py-3 text-white" data-sum="total">
          <dt className="text-[13px] font-semibold opacity-80">{m.accounting_sum_total()}</dt>
          <dd className="text-[26px] leading-tight font-extrabold tabular-nums">{money(data.totalCents)}</dd>
        </div>
        <div className="rounded-2xl bg-pitch-50 px-3 py-2.5 text-pitch-900 ring-1 ring-pitch-200" data-sum="card">
          <dt className="text-[13px] font-semibold opacity-80">{m.accounting_sum_card()}</dt>
          <dd className="text-[20px] leading-tight font-extrabold tabular-nums">{money(data.cardCents)}</dd>
        </div>
        <div className="rounded-2xl bg-amber-50 px-3 py-2.5 text-amber-950 ring-1 ring-amber-200" data-sum="cash">
          <dt className="text-[13px] font-semibold opacity-80">{m.accounting_sum_cash()}</dt>
          <dd className="text-[20px] leading-tight font-extrabold tabular-nums">{money(data.cashCents)}</dd>
        </div>
      </dl>
      {data.games.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-6 text-center text-[15px] text-slate-600 ring-1 ring-slate-200">{m.accounting_empty()}</p>
      ) : (
        <>
          <p className="px-1 text-sm font-semibold text-slate-600">{data.games.length === 1 ? m.accounting_games_count_one() : m.accounting_games_count({ count: String(data.games.length) })}</p>
          <ul className="space-y-2" data-testid="coached-games">
            {data.games.map((g) => (
              <GameRow key={g.id} game={g} locale={locale} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function GameRow({ game, locale }: { game: TCoachedGame; locale: Language }) {
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="coached-game" data-game-id={game.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-[16px] font-bold text-slate-900">{game.court?.name ?? m.accounting_no_court()}</p>
          <p className="text-[15px] text-slate-700">
            {formatShortDate(game.startTime, locale)} · {formatTime(game.startTime, locale)}
          </p>
          <p className="text-[15px] text-slate-700">{m.accounting_coach({ name: game.creator.firstName })}</p>
        </div>
        <p className="shrink-0 text-[18px] font-extrabold text-slate-900 tabular-nums" data-testid="coached-game-revenue">
          {money(game.revenueCents)}
        </p>
      </div>
      <div className="mt-2 flex items-center justify-between gap-3 border-t border-slate-100 pt-2">
        <p className="text-sm text-slate-600 tabular-nums">
          {m.accounting_card()} {money(game.cardCents)} · {m.accounting_cash()} {money(game.cashCents)}
        </p>
        <Link
          to="/game/$id/attendance-list"
          params={{ id: String(game.id) }}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          <ClipboardList aria-hidden className="size-5" />
          {m.accounting_attendance()}
        </Link>
      </div>
    </li>
  );
}
