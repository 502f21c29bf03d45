import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CreditCard, RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { TAdminWebhookFailure } from "@shared/schemas/admin";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { fullName } from "../admin-format";
import { Chip, EmptyList, PagedList } from "../admin-list";
import { AdminPage } from "../admin-page";
import { ADMIN_PAGE_SIZE, adminWebhookFailuresQueryOptions, refreshAdmin } from "../admin-queries";

/** What a Stripe event type is about, in words ("payment_intent.succeeded" → "Zahlung"). */
function eventKind(type: string): string {
  if (type.startsWith("payment_intent.")) return m.admin_payment_kind_payment();
  if (type.startsWith("charge.refund") || type.startsWith("refund.")) return m.admin_payment_kind_refund();
  if (type.startsWith("account.")) return m.admin_payment_kind_account();
  if (type.startsWith("checkout.session.")) return m.admin_payment_kind_checkout();
  return m.admin_payment_kind_other();
}

function FailureCard({ failure }: { failure: TAdminWebhookFailure }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const reconcile = useMutation(trpc.admin.reconcileWebhookFailure.mutationOptions());
  const [notResolved, setNotResolved] = useState(false);

  async function run() {
    setNotResolved(false);
    try {
      const result = await reconcile.mutateAsync({ id: failure.id });
      if (result.resolved) showToast(m.admin_payment_reconciled_toast());
      else setNotResolved(true);
      await refreshAdmin(queryClient);
    } catch {
      // shown below
    }
  }

  const resolved = failure.resolvedAt !== null;
  return (
    <li
      data-testid="admin-webhook-failure"
      className={`rounded-3xl border bg-white p-4 shadow-sm shadow-slate-900/5 ${resolved ? "border-slate-200" : "border-amber-300"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-[17px] leading-snug font-extrabold tracking-tight text-slate-900">{eventKind(failure.type)}</p>
          <p className="mt-0.5 truncate font-mono text-[13px] text-slate-600">{failure.type}</p>
        </div>
        {resolved ? <Chip tone="pitch">{m.admin_payment_resolved()}</Chip> : <Chip tone="amber">{m.admin_payment_open()}</Chip>}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-[14px]">
        <dt className="font-semibold text-slate-600">{m.admin_payment_object()}</dt>
        <dd className="min-w-0 font-mono break-all text-slate-900">{failure.objectId ?? "–"}</dd>
        <dt className="font-semibold text-slate-600">{m.admin_payment_event()}</dt>
        <dd className="min-w-0 font-mono break-all text-slate-900">{failure.stripeEventId}</dd>
        <dt className="font-semibold text-slate-600">{m.admin_payment_failed()}</dt>
        <dd className="text-slate-900">
          {formatDateTime(failure.lastFailedAt, locale)}
          {failure.attempts > 1 ? <span className="text-slate-600"> · {m.admin_payment_attempts({ count: String(failure.attempts) })}</span> : null}
        </dd>
      </dl>
      <p className="mt-3 rounded-2xl bg-red-50 px-3 py-2 font-mono text-[13px] break-words text-red-900">{failure.error}</p>
      {resolved ? (
        <p className="mt-3 flex items-center gap-1.5 text-[14px] text-slate-600">
          <CircleCheck aria-hidden className="size-4" />
          {m.admin_payment_resolved_at({
            date: formatDateTime(failure.resolvedAt ?? failure.lastFailedAt, locale),
            name: failure.resolvedBy ? fullName(failure.resolvedBy) : m.admin_payment_resolved_by_stripe(),
          })}
        </p>
      ) : (
        <div className="mt-3 space-y-2">
          {notResolved ? <Notice tone="info">{m.admin_payment_not_resolved()}</Notice> : null}
          {reconcile.isError ? <Notice tone="error">{errorMessage(reconcile.error)}</Notice> : null}
          <Button block variant="secondary" loading={reconcile.isPending} onClick={() => void run()} data-testid="admin-reconcile">
            <RefreshCw aria-hidden className="size-5" />
            {m.admin_payment_reconcile()}
          </Button>
        </div>
      )}
    </li>
  );
}

/** /admin/payments: Stripe events that could not be applied, open ones first; "Abgleichen" reads the object from Stripe now. */
export function PaymentsScreen() {
  useLocale();
  const [includeResolved, setIncludeResolved] = useState(false);
  const first = useQuery(adminWebhookFailuresQueryOptions({ includeResolved, offset: 0, limit: ADMIN_PAGE_SIZE }));
  useRefetchOnVisible(() => void first.refetch());
  return (
    <AdminPage title={m.admin_payments_title()} subtitle={m.admin_payments_subtitle()}>
      <div className="rounded-3xl border border-slate-200 bg-white p-4">
        <SwitchField label={m.admin_payments_show_resolved()} checked={includeResolved} onCheckedChange={setIncludeResolved} />
      </div>
      <PagedList
        resetKey={String(includeResolved)}
        usePage={(offset) => useQuery(adminWebhookFailuresQueryOptions({ includeResolved, offset, limit: ADMIN_PAGE_SIZE }))}
        renderItems={(items) => (
          <ul className="space-y-3" aria-label={m.admin_payments_title()}>
            {items.map((failure) => (
              <FailureCard key={failure.id} failure={failure} />
            ))}
          </ul>
        )}
        empty={
          <EmptyList
            icon={includeResolved ? <CreditCard aria-hidden className="size-7" /> : <CircleCheck aria-hidden className="size-7" />}
            title={includeResolved ? m.admin_payments_none_ever() : m.admin_payments_none()}
            hint={includeResolved ? undefined : m.admin_payments_none_hint()}
          />
        }
      />
      <p className="flex items-start gap-2 px-1 text-[13px] leading-snug text-slate-600">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {m.admin_payments_footnote()}
      </p>
    </AdminPage>
  );
}
