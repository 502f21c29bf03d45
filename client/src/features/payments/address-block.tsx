import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, MapPin, Pencil } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { TAddress } from "@shared/schemas/addresses";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { AddressFields } from "./address-fields";
import { validateAddressLine1, validateAddressTown, validatePostalCode } from "./address-validators";
import { countryName, countryOptions } from "./countries";
import { myAddressesQueryOptions } from "./payments-queries";
import { Section } from "./section";

/** The edit form of the address in use (spec 001 sections 2.9, 5): save only with line1, town, postal code and country. */
function AddressForm({ address, onDone }: { address: TAddress | null; onDone: (saved: boolean) => void }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(address?.country ?? "DE");
  const line1 = useField({ validate: validateAddressLine1, initial: address?.line1 ?? "" });
  const town = useField({ validate: validateAddressTown, initial: address?.town ?? "" });
  const postalCode = useField({ validate: (v) => validatePostalCode(v, country), initial: address?.postalCode ?? "" });
  const save = useMutation(trpc.addresses.createOrUpdate.mutationOptions());
  const server = useServerErrors({ line1, postalCode, town });

  // Spec 001 section 5: save is disabled until line1, town, postal code and country exist.
  const complete = line1.cleanValue !== "" && town.cleanValue !== "" && postalCode.cleanValue !== "" && country !== "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (![line1, postalCode, town].map((f) => f.check()).every(Boolean)) return;
    try {
      const saved = await save.mutateAsync({
        ...(address ? { id: address.id } : {}),
        line1: line1.cleanValue,
        postalCode: postalCode.cleanValue,
        town: town.cleanValue,
        country,
      });
      queryClient.setQueryData(myAddressesQueryOptions().queryKey, (list) => (list && list.length > 0 ? list.map((a) => (a.id === saved.id ? saved : a)) : [saved]));
      onDone(true);
    } catch (error) {
      server.take(error);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={m.onboarding_address_title()}>
      <AddressFields
        line1={{ field: line1, name: "line1", label: m.onboarding_address_line1() }}
        postalCode={{ field: postalCode, name: "postalCode", label: m.onboarding_address_postal_code(), numeric: country === "DE" }}
        town={{ field: town, name: "town", label: m.onboarding_address_town() }}
        country={{
          name: "country",
          label: m.onboarding_address_country(),
          value: country,
          onValueChange: setCountry,
          options: countryOptions(locale),
          placeholder: m.onboarding_address_country_placeholder(),
        }}
      />
      {save.isError && !server.any ? <Notice tone="error">{errorMessage(save.error)}</Notice> : null}
      <div className="flex gap-3">
        {address ? (
          <Button variant="outline" className="flex-1" onClick={() => onDone(false)}>
            {m.common_cancel()}
          </Button>
        ) : null}
        <Button type="submit" className="flex-1" disabled={!complete} loading={save.isPending}>
          {m.onboarding_address_save()}
        </Button>
      </div>
    </form>
  );
}

/**
 * The address block (spec 001 section 2.9): the first saved address, or "address missing", with an
 * edit form. With no address the form is open at once.
 */
export function AddressBlock({ address }: { address: TAddress | null }) {
  const { locale } = useLocale();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const open = editing || address === null;

  return (
    <Section icon={<MapPin aria-hidden className="size-5" />} title={m.onboarding_address_title()} labelId="onboarding-address">
      {saved && !open ? (
        <div className="mb-3">
          <Notice tone="success">{m.onboarding_address_saved()}</Notice>
        </div>
      ) : null}
      {address && !editing ? (
        <>
          <address className="text-[16px] leading-snug text-slate-900 not-italic">
            {address.line1}
            <br />
            {address.postalCode} {address.town}
            <br />
            {countryName(address.country, locale)}
          </address>
          <Button
            variant="outline"
            block
            className="mt-4"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden className="size-4" />
            {m.onboarding_address_edit()}
          </Button>
        </>
      ) : null}
      {open ? (
        <>
          {address === null ? (
            <p className="mb-4 inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700">
              <CircleAlert aria-hidden className="size-4" />
              {m.onboarding_address_missing()}
            </p>
          ) : null}
          <AddressForm
            address={address}
            onDone={(didSave) => {
              setSaved(didSave);
              setEditing(false);
            }}
          />
        </>
      ) : null}
    </Section>
  );
}
