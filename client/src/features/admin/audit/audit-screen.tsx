import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import { ADMIN_SUBJECT_TYPES, type TAdminSubjectType } from "@shared/schemas/admin";
import { SelectField } from "@client/components/select-field";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { EmptyList, PagedList } from "../admin-list";
import { AdminPage } from "../admin-page";
import { ADMIN_PAGE_SIZE, adminAuditLogQueryOptions } from "../admin-queries";
import { AuditEntry } from "./audit-entry";

const ALL = "all";

const SUBJECT_LABELS: Record<TAdminSubjectType, () => string> = {
  region: m.admin_regions_title,
  organization: m.admin_orgs_title,
  user: m.admin_users_title,
  news: m.admin_news_title,
  gameReport: m.admin_reports_title,
  webhookFailure: m.admin_payments_title,
  advertisement: m.admin_ads_title,
  tournament: m.admin_tournaments_title,
};

/** /admin/audit: every console action, newest first: who, what, when, and each changed field before → after. */
export function AuditScreen() {
  useLocale();
  const [subject, setSubject] = useState<string>(ALL);
  const subjectType = subject === ALL ? null : (subject as TAdminSubjectType);
  return (
    <AdminPage title={m.admin_audit_title()} subtitle={m.admin_audit_subtitle()}>
      <SelectField
        label={m.admin_audit_filter()}
        value={subject}
        onValueChange={setSubject}
        placeholder={m.admin_audit_filter_all()}
        options={[{ value: ALL, label: m.admin_audit_filter_all() }, ...ADMIN_SUBJECT_TYPES.map((type) => ({ value: type, label: SUBJECT_LABELS[type]() }))]}
      />
      <PagedList
        resetKey={subject}
        usePage={(offset) => useQuery(adminAuditLogQueryOptions({ subjectType, offset, limit: ADMIN_PAGE_SIZE }))}
        renderItems={(items) => (
          <ul className="space-y-3" aria-label={m.admin_audit_title()}>
            {items.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        empty={<EmptyList icon={<History aria-hidden className="size-7" />} title={m.admin_audit_none()} />}
      />
    </AdminPage>
  );
}
