import { ArrowRight } from "lucide-react";
import type { TAuditEntry } from "@shared/schemas/admin";
import { useLocale } from "@client/lib/locale";
import { formatDateTime } from "@client/lib/format/dates";
import { m } from "@client/paraglide/messages";
import { fullName } from "../admin-format";

/** The console's actions in words (the server's action names, domains/admin/README.md). */
const ACTION_LABELS: Record<string, () => string> = {
  "region.create": m.admin_audit_action_region_create,
  "region.update": m.admin_audit_action_region_update,
  "organization.create": m.admin_audit_action_organization_create,
  "organization.update": m.admin_audit_action_organization_update,
  "organization.addMember": m.admin_audit_action_organization_addMember,
  "organization.removeMember": m.admin_audit_action_organization_removeMember,
  "user.setRoles": m.admin_audit_action_user_setRoles,
  "user.block": m.admin_audit_action_user_block,
  "user.unblock": m.admin_audit_action_user_unblock,
  "news.send": m.admin_audit_action_news_send,
  "gameReport.answer": m.admin_audit_action_gameReport_answer,
  "gameReport.close": m.admin_audit_action_gameReport_close,
  "gameReport.cancelGame": m.admin_audit_action_gameReport_cancelGame,
  "webhookFailure.reconcile": m.admin_audit_action_webhookFailure_reconcile,
};

/** "region.create" → "Region angelegt"; an action the console has no words for yet (a new one) shows as it is stored. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action) ? (ACTION_LABELS[action]?.() ?? action) : action;
}

/** An instant as the snapshots store it (JSON of a Date): "2026-11-29T05:16:33.834Z". */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value of a before/after snapshot as one short line; instants in Berlin time, in the reader's language. */
function show(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? m.admin_yes() : m.admin_no();
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatDateTime(new Date(value), locale);
  if (Array.isArray(value)) return value.length === 0 ? "–" : value.map((item) => show(item, locale)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The fields that changed, as [field, before, after]; for a creation every field with "–" before. */
export function auditChanges(before: unknown, after: unknown, locale = "de"): [string, string, string][] {
  const b = asRecord(before) ?? {};
  const a = asRecord(after) ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key])).map((key) => [key, show(b[key], locale), show(a[key], locale)]);
}

/** One entry of the audit log: what happened to what, who did it and when, and each changed field from → to. */
export function AuditEntry({ entry, showSubject = true }: { entry: TAuditEntry; showSubject?: boolean }) {
  const { locale } = useLocale();
  const changes = auditChanges(entry.before, entry.after, locale);
  return (
    <li data-testid="admin-audit-entry" className="rounded-3xl border border-slate-200 bg-white p-3.5 shadow-sm shadow-slate-900/5">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-[16px] leading-snug font-extrabold tracking-tight text-slate-900">
          {auditActionLabel(entry.action)}
          {showSubject && entry.subjectId !== null ? <span className="ml-1.5 text-[13px] font-semibold text-slate-500">#{entry.subjectId}</span> : null}
        </p>
        <time dateTime={entry.createdAt.toISOString()} className="shrink-0 text-[13px] text-slate-600 tabular-nums">
          {formatDateTime(entry.createdAt, locale)}
        </time>
      </div>
      <p className="mt-0.5 text-[14px] text-slate-600">{entry.actor ? m.admin_audit_by({ name: fullName(entry.actor) }) : m.admin_audit_by_gone()}</p>
      {changes.length > 0 ? (
        <dl className="mt-2.5 space-y-1.5 rounded-2xl bg-slate-50 p-2.5 text-[13px]">
          {changes.map(([field, from, to]) => (
            <div key={field} className="grid grid-cols-[minmax(0,7rem)_1fr] gap-2">
              <dt className="truncate font-semibold text-slate-700">{field}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-1 break-all text-slate-800">
                <span className={from === "–" ? "text-slate-500" : "text-slate-500 line-through decoration-slate-400"}>{from}</span>
                <ArrowRight aria-label={m.admin_audit_becomes()} className="size-3.5 shrink-0 text-slate-500" />
                <span className="font-semibold">{to}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
