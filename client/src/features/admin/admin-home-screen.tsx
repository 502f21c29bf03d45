import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import {
  Building2,
  ChevronRight,
  CreditCard,
  Flag,
  History,
  Map as MapIcon,
  Megaphone,
  Newspaper,
  RefreshCw,
  Trophy,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { TAdminOverview } from "@shared/schemas/admin";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { adminOverviewQueryOptions } from "./admin-queries";
import { MaintenanceSwitch } from "./maintenance-switch";

const cardClass =
  "flex min-h-[5.5rem] flex-col justify-between gap-2 rounded-3xl border border-slate-200 bg-white p-3.5 shadow-sm shadow-slate-900/5 transition-colors hover:border-pitch-300";

function CardBody({ icon: Icon, label, detail }: { icon: LucideIcon; label: string; detail: ReactNode }) {
  return (
    <>
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
        <Icon aria-hidden className="size-5" />
      </span>
      <span>
        <span className="block text-[16px] leading-tight font-extrabold tracking-tight text-slate-900">{label}</span>
        <span className="mt-0.5 block text-[13px] leading-snug text-slate-600">{detail}</span>
      </span>
    </>
  );
}

/** A count that waits for someone (open reports, payments needing attention): amber while there are some, calm when none. */
function AttentionCard({
  icon: Icon,
  label,
  count,
  none,
  some,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  count: number | undefined;
  none: string;
  some: string;
  testId: string;
  children: (className: string, body: ReactNode) => ReactNode;
}) {
  const waiting = (count ?? 0) > 0;
  const body = (
    <>
      <span
        className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl ${waiting ? "bg-amber-100 text-amber-900" : "bg-pitch-50 text-pitch-700"}`}
      >
        <Icon aria-hidden className="size-6" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[17px] leading-tight font-extrabold tracking-tight text-slate-900">{label}</span>
        <span className={`mt-0.5 block text-[14px] leading-snug ${waiting ? "font-semibold text-amber-900" : "text-slate-600"}`}>
          {count === undefined ? m.common_loading() : waiting ? some : none}
        </span>
      </span>
      {count !== undefined ? (
        <span
          data-testid={`${testId}-count`}
          className={`min-w-10 rounded-full px-2.5 py-1 text-center text-[17px] font-extrabold tabular-nums ${waiting ? "bg-amber-500 text-white" : "bg-slate-100 text-slate-600"}`}
        >
          {count}
        </span>
      ) : null}
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </>
  );
  return children(
    `flex items-center gap-3 rounded-3xl border p-3.5 shadow-sm shadow-slate-900/5 transition-colors ${waiting ? "border-amber-300 bg-amber-50/60 hover:border-amber-400" : "border-slate-200 bg-white hover:border-pitch-300"}`,
    body,
  );
}

function counted(count: number | undefined, text: (count: string) => string): string {
  return count === undefined ? m.common_loading() : text(count.toLocaleString());
}

function Sections({ overview }: { overview: TAdminOverview | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3" aria-label={m.admin_sections()}>
      <li>
        <Link to="/admin/users" className={cardClass} data-testid="admin-card-users">
          <CardBody
            icon={Users}
            label={m.admin_users_title()}
            detail={
              overview
                ? m.admin_home_users_detail({ count: overview.users.toLocaleString(), blocked: overview.blockedUsers.toLocaleString() })
                : m.common_loading()
            }
          />
        </Link>
      </li>
      <li>
        <Link to="/admin/regions" className={cardClass} data-testid="admin-card-regions">
          <CardBody
            icon={MapIcon}
            label={m.admin_regions_title()}
            detail={counted(overview?.regions, (count) => (count === "1" ? m.admin_home_regions_detail_one() : m.admin_home_regions_detail({ count })))}
          />
        </Link>
      </li>
      <li>
        <Link to="/admin/organizations" className={cardClass} data-testid="admin-card-organizations">
          <CardBody
            icon={Building2}
            label={m.admin_orgs_title()}
            detail={counted(overview?.organizations, (count) => (count === "1" ? m.admin_home_orgs_detail_one() : m.admin_home_orgs_detail({ count })))}
          />
        </Link>
      </li>
      <li>
        <Link to="/admin/news" className={cardClass} data-testid="admin-card-news">
          <CardBody icon={Newspaper} label={m.admin_news_title()} detail={counted(overview?.news, (count) => m.admin_home_news_detail({ count }))} />
        </Link>
      </li>
      <li>
        {/* The ad editor has its own screens (/admin/ads, gated by this layout): the console only leads there. */}
        <Link to="/admin/ads" className={cardClass} data-testid="admin-card-ads">
          <CardBody icon={Megaphone} label={m.admin_ads_title()} detail={m.admin_home_ads_detail()} />
        </Link>
      </li>
      <li>
        <Link to="/tournaments" className={cardClass} data-testid="admin-card-tournaments">
          <CardBody icon={Trophy} label={m.admin_tournaments_title()} detail={m.admin_home_tournaments_detail()} />
        </Link>
      </li>
      <li className="col-span-2">
        <Link to="/admin/audit" className={`${cardClass} min-h-0 flex-row items-center`} data-testid="admin-card-audit">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
            <History aria-hidden className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[16px] leading-tight font-extrabold tracking-tight text-slate-900">{m.admin_audit_title()}</span>
            <span className="mt-0.5 block text-[13px] leading-snug text-slate-600">{m.admin_home_audit_detail()}</span>
          </span>
          <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
        </Link>
      </li>
    </ul>
  );
}

/** /admin: what waits (open game reports, payments needing attention) on top, then a card for every section. */
export function AdminHomeScreen() {
  useLocale();
  const account = useAccount();
  const overview = useQuery(adminOverviewQueryOptions());
  useRefetchOnVisible(() => void overview.refetch());
  const data = overview.data;
  return (
    <div className="pb-10">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <p className="text-[13px] font-bold tracking-wide text-pitch-700 uppercase">{m.admin_console()}</p>
        <h1 className="mt-0.5 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
          {account ? m.admin_home_greeting({ name: account.firstName }) : m.admin_console()}
        </h1>
        <p className="mt-1 text-[15px] leading-snug text-slate-600">{m.admin_home_subtitle()}</p>
      </div>
      <div className="space-y-6 px-4">
        {overview.isError ? (
          <div className="space-y-2">
            <Notice tone="error">
              {m.admin_load_failed()} {errorMessage(overview.error)}
            </Notice>
            <Button variant="outline" loading={overview.isFetching} onClick={() => void overview.refetch()}>
              <RefreshCw aria-hidden className="size-5" />
              {m.common_retry()}
            </Button>
          </div>
        ) : null}
        <section aria-labelledby="admin-attention" className="space-y-3">
          <h2 id="admin-attention" className="px-1 text-[15px] font-extrabold tracking-tight text-slate-700 uppercase">
            {m.admin_home_attention()}
          </h2>
          <AttentionCard
            icon={Flag}
            label={m.admin_reports_title()}
            count={data?.openGameReports}
            none={m.admin_home_reports_none()}
            some={m.admin_home_reports_some({ count: String(data?.openGameReports ?? 0) })}
            testId="admin-card-reports"
          >
            {(className, body) => (
              <Link to="/admin/reports" className={className} data-testid="admin-card-reports">
                {body}
              </Link>
            )}
          </AttentionCard>
          <AttentionCard
            icon={CreditCard}
            label={m.admin_payments_title()}
            count={data?.openWebhookFailures}
            none={m.admin_home_payments_none()}
            some={m.admin_home_payments_some({ count: String(data?.openWebhookFailures ?? 0) })}
            testId="admin-card-payments"
          >
            {(className, body) => (
              <Link to="/admin/payments" className={className} data-testid="admin-card-payments">
                {body}
              </Link>
            )}
          </AttentionCard>
        </section>
        <MaintenanceSwitch />
        <section aria-labelledby="admin-sections" className="space-y-3">
          <h2 id="admin-sections" className="px-1 text-[15px] font-extrabold tracking-tight text-slate-700 uppercase">
            {m.admin_sections()}
          </h2>
          <Sections overview={data} />
        </section>
      </div>
    </div>
  );
}
