import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Building2 } from "lucide-react";
import type { FormEvent } from "react";
import { ZAdminCreateOrganizationInput, zFeePercentage, type TAdminOrganization } from "@shared/schemas/admin";
import { Button } from "@client/components/button";
import { FormSection } from "@client/components/form-section";
import { Notice } from "@client/components/notice";
import { TextField } from "@client/components/text-field";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { useMessageCatalogue } from "@client/lib/messages";
import { schemaProblem } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { fieldError, formatDecimal, parseDecimal } from "../admin-form";
import { refreshAdmin } from "../admin-queries";

function feeProblem(text: string): string | null {
  if (text.trim() === "") return "required";
  const value = parseDecimal(text);
  return Number.isNaN(value) ? "fee_percentage_invalid" : schemaProblem(zFeePercentage, value);
}

/**
 * An organisation's name and platform fee (percent of the participation price, default 6), for a new one or an
 * existing one; checked with the shared schemas. A new organisation opens its page (members, logo) after saving.
 */
export function OrganizationForm({ organization }: { organization: TAdminOrganization | null }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = useField({ initial: organization?.name ?? "", validate: (v) => schemaProblem(ZAdminCreateOrganizationInput.shape.name, v) });
  const fee = useField({ initial: formatDecimal(organization?.gameApplicationFeePercentage ?? 6, locale), validate: feeProblem });
  const create = useMutation(trpc.admin.createOrganization.mutationOptions());
  const update = useMutation(trpc.admin.updateOrganization.mutationOptions());
  const mutation = organization ? update : create;
  const server = useServerErrors({ name, gameApplicationFeePercentage: fee });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (![name.check(), fee.check()].every(Boolean)) return;
    const values = { name: name.cleanValue, gameApplicationFeePercentage: parseDecimal(fee.cleanValue) };
    try {
      if (organization) {
        await update.mutateAsync({ id: organization.id, ...values });
        showToast(m.admin_org_saved({ name: values.name }));
        await refreshAdmin(queryClient);
      } else {
        const created = await create.mutateAsync(values);
        showToast(m.admin_org_created({ name: values.name }));
        await refreshAdmin(queryClient);
        await navigate({ to: "/admin/organizations/$id", params: { id: String(created.id) } });
      }
    } catch (error) {
      server.take(error);
    }
  }

  const refusal = mutation.isError && !server.any ? errorMessage(mutation.error) : null;
  // an existing organisation's button waits for a change
  const changed = !organization || name.cleanValue !== organization.name || parseDecimal(fee.cleanValue) !== organization.gameApplicationFeePercentage;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={organization ? m.admin_org_edit() : m.admin_org_new()}>
      <FormSection icon={<Building2 aria-hidden className="size-5" />} title={m.admin_org_details()}>
        <TextField
          label={m.admin_org_name()}
          name="name"
          value={name.value}
          onValueChange={name.onValueChange}
          onBlur={name.onBlur}
          error={fieldError(name)}
          maxLength={100}
          placeholder="FC Beispiel e. V."
        />
        <TextField
          label={m.admin_org_fee()}
          name="gameApplicationFeePercentage"
          inputMode="decimal"
          value={fee.value}
          onValueChange={fee.onValueChange}
          onBlur={fee.onBlur}
          error={fieldError(fee)}
          hint={m.admin_org_fee_hint()}
          trailing={<span className="pr-3 text-[16px] font-semibold text-slate-600">%</span>}
        />
        {refusal ? <Notice tone="error">{refusal}</Notice> : null}
        <Button type="submit" size="lg" block disabled={!changed} loading={mutation.isPending} data-testid="admin-org-submit">
          {organization ? m.admin_save() : m.admin_org_create()}
        </Button>
      </FormSection>
    </form>
  );
}
