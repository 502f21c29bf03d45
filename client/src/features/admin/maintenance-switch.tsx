import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Power, Wrench } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * The maintenance switch on the console's home (issue 27; server/domains/admin/maintenance.ts): starting asks once
 * more, ending does not. Administrators keep using the app while it is on, so this card stays reachable.
 */
export function MaintenanceSwitch() {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.admin.maintenance.queryOptions());
  const change = useMutation(
    trpc.admin.setMaintenance.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.admin.maintenance.queryKey(), next);
        setConfirming(false);
        showToast(next.on ? m.maintenance_admin_started() : m.maintenance_admin_stopped());
      },
    }),
  );
  const [confirming, setConfirming] = useState(false);
  const data = state.data;
  const on = data?.on ?? false;

  return (
    <section
      aria-labelledby="admin-maintenance"
      data-testid="admin-maintenance"
      data-state={data ? (on ? "on" : "off") : "loading"}
      className={`rounded-3xl border p-3.5 shadow-sm shadow-slate-900/5 ${on ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
    >
      <div className="flex items-start gap-3">
        <span className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full ${on ? "bg-amber-100 text-amber-800" : "bg-pitch-50 text-pitch-700"}`}>
          <Wrench aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="admin-maintenance" className="text-[16px] leading-tight font-extrabold tracking-tight text-slate-900">
            {m.maintenance_admin_title()}
          </h2>
          <p className="mt-0.5 text-[13px] leading-snug text-slate-600" role="status">
            {data
              ? data.environment
                ? m.maintenance_admin_environment()
                : on && data.startedAt
                  ? m.maintenance_admin_on({ time: formatDateTime(data.startedAt, locale) })
                  : m.maintenance_admin_off()
              : "…"}
          </p>
        </div>
      </div>
      {state.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(state.error)}</Notice>
        </div>
      ) : null}
      {change.isError && !confirming ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(change.error)}</Notice>
        </div>
      ) : null}
      {data && !data.environment ? (
        <div className="mt-3">
          {on ? (
            <Button variant="primary" block loading={change.isPending} onClick={() => change.mutate({ on: false })}>
              <Power aria-hidden className="size-5" />
              {m.maintenance_admin_switch_off()}
            </Button>
          ) : (
            <Button variant="outline" block onClick={() => setConfirming(true)}>
              <Power aria-hidden className="size-5" />
              {m.maintenance_admin_switch_on()}
            </Button>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={m.maintenance_admin_switch_on()}
        text={m.maintenance_admin_confirm()}
        confirmLabel={m.maintenance_admin_switch_on()}
        icon={Power}
        pending={change.isPending}
        error={change.error}
        onConfirm={() => change.mutate({ on: true })}
      />
    </section>
  );
}
