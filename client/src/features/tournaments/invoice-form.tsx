import { useMutation } from "@tanstack/react-query";
import { ReceiptText } from "lucide-react";
import { useState, type FormEvent } from "react";
import { INVOICE_COUNTRIES } from "@shared/schemas/tournaments";
import { TOURNAMENT_TEAM, ZInvoiceData, type TMyTeam } from "@shared/schemas/tournament-teams";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { TextAreaField } from "@client/components/text-area-field";
import { TextField } from "@client/components/text-field";
import { showToast } from "@client/components/toast";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { schemaProblem } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { useField, type Field } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { AddressFields } from "@client/features/payments/address-fields";
import { countryName } from "@client/features/payments/countries";
import { useTeamsChanged } from "./registration/team-queries";

const fields = ZInvoiceData.shape;
const errorOf = (field: Field) => (field.errorCode ? validationMessage(field.errorCode) : null);
const required = (schema: (typeof fields)[keyof typeof fields]) => (value: string) => schemaProblem(schema, value);
const optional = (schema: (typeof fields)[keyof typeof fields]) => (value: string) => (value === "" ? null : schemaProblem(schema, value));

/**
 * A business team's invoice data (spec 001 sections 2.10, 5), asked before payment is offered: company, street,
 * postal code, town (required), a second address line, the country (DE or AT), a separate invoice e-mail behind a
 * switch (then required) and a note. Checked with the shared schema; the server's field problems show in place.
 */
export function InvoiceForm({ team }: { team: TMyTeam }) {
  const { locale } = useLocale();
  const teamsChanged = useTeamsChanged(team.tournamentId);
  const company = useField({ validate: required(fields.invoiceCompanyName), initial: team.invoiceCompanyName ?? "" });
  const line1 = useField({ validate: required(fields.invoiceLine1), initial: team.invoiceLine1 ?? "" });
  const line2 = useField({ validate: optional(fields.invoiceLine2), initial: team.invoiceLine2 ?? "" });
  const postalCode = useField({ validate: required(fields.invoicePostalCode), initial: team.invoicePostalCode ?? "" });
  const town = useField({ validate: required(fields.invoiceTown), initial: team.invoiceTown ?? "" });
  const invoiceEmail = useField({ validate: (v) => schemaProblem(fields.invoiceEmail.unwrap(), v), initial: team.invoiceEmail ?? "" });
  const hint = useField({ validate: optional(fields.invoiceHint), initial: team.invoiceHint ?? "" });
  const [country, setCountry] = useState<string>(team.invoiceCountry ?? "DE");
  const [separateEmail, setSeparateEmail] = useState(team.invoiceEmail !== null);
  const complete = useMutation(trpc.tournaments.completeRegistration.mutationOptions());
  const server = useServerErrors({ invoiceCompanyName: company, invoiceLine1: line1, invoiceLine2: line2, invoicePostalCode: postalCode, invoiceTown: town, invoiceEmail, invoiceHint: hint });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checks = [company, line1, line2, postalCode, town, hint].map((f) => f.check());
    if (separateEmail) checks.push(invoiceEmail.check());
    if (!checks.every(Boolean)) return;
    try {
      await complete.mutateAsync({
        participationId: team.id,
        invoiceCompanyName: company.cleanValue,
        invoiceLine1: line1.cleanValue,
        invoiceLine2: line2.cleanValue || null,
        invoicePostalCode: postalCode.cleanValue,
        invoiceTown: town.cleanValue,
        invoiceCountry: country as (typeof INVOICE_COUNTRIES)[number],
        invoiceEmail: separateEmail ? invoiceEmail.cleanValue : null,
        invoiceHint: hint.cleanValue || null,
      });
      showToast(m.tteam_invoice_saved());
      await teamsChanged();
    } catch (error) {
      server.take(error);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4 border-t border-slate-200 pt-4" aria-labelledby={`invoice-${team.id}`}>
      <div>
        <h4 id={`invoice-${team.id}`} className="flex items-center gap-2 text-[16px] font-extrabold text-slate-900">
          <ReceiptText aria-hidden className="size-5 text-pitch-700" />
          {m.tteam_invoice_title()}
        </h4>
        <p className="mt-1 text-[14px] leading-snug text-slate-600">{m.tteam_invoice_intro()}</p>
      </div>
      <TextField
        label={m.tteam_invoice_company()}
        name="invoiceCompanyName"
        autoComplete="organization"
        value={company.value}
        onValueChange={company.onValueChange}
        onBlur={company.onBlur}
        error={errorOf(company)}
      />
      <AddressFields
        line1={{ field: line1, name: "invoiceLine1", label: m.tteam_invoice_line1() }}
        line2={{ field: line2, name: "invoiceLine2", label: m.tteam_invoice_line2() }}
        postalCode={{ field: postalCode, name: "invoicePostalCode", label: m.tteam_invoice_postal_code(), numeric: true }}
        town={{ field: town, name: "invoiceTown", label: m.tteam_invoice_town() }}
        country={{
          name: "invoiceCountry",
          label: m.tteam_invoice_country(),
          value: country,
          onValueChange: setCountry,
          options: INVOICE_COUNTRIES.map((code) => ({ value: code, label: countryName(code, locale) })),
          placeholder: m.tteam_invoice_country(),
          error: server.message("invoiceCountry"),
        }}
      />
      <SwitchField
        label={m.tteam_invoice_separate_email()}
        hint={m.tteam_invoice_separate_email_hint({ email: team.email })}
        checked={separateEmail}
        onCheckedChange={setSeparateEmail}
      />
      {separateEmail ? (
        <TextField
          label={m.tteam_invoice_email()}
          name="invoiceEmail"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={invoiceEmail.value}
          onValueChange={invoiceEmail.onValueChange}
          onBlur={invoiceEmail.onBlur}
          error={errorOf(invoiceEmail)}
        />
      ) : null}
      <TextAreaField
        label={m.tteam_invoice_hint()}
        name="invoiceHint"
        optional
        rows={2}
        maxLength={TOURNAMENT_TEAM.invoiceHintMax}
        value={hint.value}
        onValueChange={hint.onValueChange}
        onBlur={hint.onBlur}
        error={errorOf(hint)}
        hint={m.tteam_invoice_hint_hint()}
      />
      {complete.isError && !server.any ? <Notice tone="error">{errorMessage(complete.error)}</Notice> : null}
      <Button type="submit" size="lg" block loading={complete.isPending}>
        {m.tteam_invoice_save()}
      </Button>
    </form>
  );
}
