import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Globe2, MapPin, Megaphone, Plus } from "lucide-react";
import type { TAdminNews } from "@shared/schemas/admin";
import { buttonClassName } from "@client/components/button";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { fullName } from "../admin-format";
import { Chip, EmptyList, PagedList } from "../admin-list";
import { AdminPage } from "../admin-page";
import { adminNewsQueryOptions } from "../admin-queries";

function NewsRow({ news }: { news: TAdminNews }) {
  const { locale } = useLocale();
  return (
    <li data-testid="admin-news-row" className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] font-semibold text-slate-600">
        <Megaphone aria-hidden className="size-4 text-pitch-700" />
        <time dateTime={news.createdAt.toISOString()}>{formatDateTime(news.createdAt, locale)}</time>
        {news.createdBy ? <span className="font-normal">· {m.admin_audit_by({ name: fullName(news.createdBy) })}</span> : null}
      </p>
      <p className="mt-2 text-[15px] leading-relaxed whitespace-pre-line text-slate-900">{locale === "en" ? news.textEn : news.textDe}</p>
      <details className="mt-1.5 text-[14px] text-slate-600">
        <summary className="cursor-pointer py-1 font-semibold text-pitch-700">{locale === "en" ? m.admin_news_other_de() : m.admin_news_other_en()}</summary>
        <p className="mt-1 whitespace-pre-line">{locale === "en" ? news.textDe : news.textEn}</p>
      </details>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {news.regions.length === 0 ? (
          <Chip tone="pitch">
            <Globe2 aria-hidden className="mr-1 size-3.5" />
            {m.admin_news_everyone()}
          </Chip>
        ) : (
          news.regions.map((region) => (
            <Chip key={region.id}>
              <MapPin aria-hidden className="mr-1 size-3.5" />
              {region.name}
            </Chip>
          ))
        )}
      </div>
    </li>
  );
}

/** /admin/news: the news sent so far, newest first, and the button to write one. */
export function NewsScreen() {
  useLocale();
  return (
    <AdminPage
      title={m.admin_news_title()}
      subtitle={m.admin_news_subtitle()}
      aside={
        <Link to="/admin/news/new" className={buttonClassName()} data-testid="admin-news-new">
          <Plus aria-hidden className="size-5" />
          {m.admin_new()}
        </Link>
      }
    >
      <PagedList
        usePage={(offset) => useQuery(adminNewsQueryOptions(offset))}
        renderItems={(items) => (
          <ul className="space-y-3" aria-label={m.admin_news_sent()}>
            {items.map((news) => (
              <NewsRow key={news.id} news={news} />
            ))}
          </ul>
        )}
        empty={
          <EmptyList icon={<Megaphone aria-hidden className="size-7" />} title={m.admin_news_none()} hint={m.admin_news_none_hint()}>
            <Link to="/admin/news/new" className={buttonClassName({ className: "mt-5" })}>
              <Plus aria-hidden className="size-5" />
              {m.admin_news_compose()}
            </Link>
          </EmptyList>
        }
      />
    </AdminPage>
  );
}
