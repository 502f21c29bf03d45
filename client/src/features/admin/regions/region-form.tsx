import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Crown, Globe2, MapPin, MessageCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { ZAdminRegionFields, type TAdminRegion, type TAdminUserRef } from "@shared/schemas/admin";
import { Button } from "@client/components/button";
import { FormSection } from "@client/components/form-section";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { TextField } from "@client/components/text-field";
import { showToast } from "@client/components/toast";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { useMessageCatalogue } from "@client/lib/messages";
import { schemaProblem } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { useField, type Field } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { fieldError, formatDecimal, parseDecimal, slugFrom } from "../admin-form";
import { refreshAdmin } from "../admin-queries";
import { PickedUser, UserPicker } from "../user-picker";

const fields = ZAdminRegionFields.shape;

/** A number field's check: a decimal (comma or point) that the shared schema accepts. */
function numberProblem(schema: z.ZodType, text: string): string | null {
  if (text.trim() === "") return "required";
  const value = parseDecimal(text);
  return Number.isNaN(value) ? "invalid" : schemaProblem(schema, value);
}

function Input({
  field,
  label,
  name,
  hint,
  ...rest
}: {
  field: Field;
  label: string;
  name: string;
  hint?: string;
  inputMode?: "decimal" | "numeric" | "url" | "text";
  placeholder?: string;
  optional?: boolean;
}) {
  return (
    <TextField
      label={label}
      name={name}
      hint={hint}
      value={field.value}
      onValueChange={field.onValueChange}
      onBlur={field.onBlur}
      error={fieldError(field)}
      {...rest}
    />
  );
}

/**
 * Creating or editing a region (issue 26): name and slug (proposed from the name until edited), the centre,
 * perimeter and map zoom, featured, the messenger links and the head. Every field is checked with the shared
 * schema as the server checks it; a taken slug comes back at the slug field.
 */
export function RegionForm({ region }: { region: TAdminRegion | null }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = useField({ initial: region?.name ?? "", validate: (v) => schemaProblem(fields.name, v) });
  const slug = useField({ initial: region?.slug ?? "", validate: (v) => schemaProblem(fields.slug, v) });
  const [slugTouched, setSlugTouched] = useState(region !== null);
  const latitude = useField({ initial: region ? formatDecimal(region.latitude, locale) : "", validate: (v) => numberProblem(fields.latitude, v) });
  const longitude = useField({ initial: region ? formatDecimal(region.longitude, locale) : "", validate: (v) => numberProblem(fields.longitude, v) });
  const perimeter = useField({ initial: formatDecimal(region?.perimeter ?? 25, locale), validate: (v) => numberProblem(fields.perimeter, v) });
  const zoom = useField({ initial: String(region?.mapZoomLevel ?? 11), validate: (v) => numberProblem(fields.mapZoomLevel, v) });
  const whatsappGroup = useField({ initial: region?.whatsappGroupUrl ?? "", validate: (v) => schemaProblem(fields.whatsappGroupUrl, v) });
  const whatsappChannel = useField({ initial: region?.whatsappChannelUrl ?? "", validate: (v) => schemaProblem(fields.whatsappChannelUrl, v) });
  const telegramGroup = useField({ initial: region?.telegramGroupUrl ?? "", validate: (v) => schemaProblem(fields.telegramGroupUrl, v) });
  const telegramChannel = useField({ initial: region?.telegramChannelUrl ?? "", validate: (v) => schemaProblem(fields.telegramChannelUrl, v) });
  const [featured, setFeatured] = useState(region?.featured ?? false);
  const [head, setHead] = useState<TAdminUserRef | null>(region?.head ?? null);
  const create = useMutation(trpc.admin.createRegion.mutationOptions());
  const update = useMutation(trpc.admin.updateRegion.mutationOptions());
  const mutation = region ? update : create;
  const server = useServerErrors(
    {
      name,
      slug,
      latitude,
      longitude,
      perimeter,
      mapZoomLevel: zoom,
      whatsappGroupUrl: whatsappGroup,
      whatsappChannelUrl: whatsappChannel,
      telegramGroupUrl: telegramGroup,
      telegramChannelUrl: telegramChannel,
    },
    // the refusal's own words ("Dieser Slug ist schon vergeben.") stand at the field, below
    { SLUG_TAKEN: ["slug", null] },
  );
  // a taken slug is told at the slug field while it still holds the refused slug
  const [takenSlug, setTakenSlug] = useState<string | null>(null);

  function onName(value: string) {
    name.onValueChange(value);
    if (!slugTouched) slug.onValueChange(slugFrom(value));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const all = [name, slug, latitude, longitude, perimeter, zoom, whatsappGroup, whatsappChannel, telegramGroup, telegramChannel];
    if (!all.map((field) => field.check()).every(Boolean)) return;
    const values = {
      name: name.cleanValue,
      slug: slug.cleanValue,
      latitude: parseDecimal(latitude.cleanValue),
      longitude: parseDecimal(longitude.cleanValue),
      perimeter: parseDecimal(perimeter.cleanValue),
      mapZoomLevel: parseDecimal(zoom.cleanValue),
      featured,
      whatsappGroupUrl: whatsappGroup.cleanValue || null,
      whatsappChannelUrl: whatsappChannel.cleanValue || null,
      telegramGroupUrl: telegramGroup.cleanValue || null,
      telegramChannelUrl: telegramChannel.cleanValue || null,
      headId: head?.id ?? null,
    };
    try {
      if (region) await update.mutateAsync({ id: region.id, ...values });
      else await create.mutateAsync(values);
      showToast(region ? m.admin_region_saved({ name: values.name }) : m.admin_region_created({ name: values.name }));
      await Promise.all([refreshAdmin(queryClient), queryClient.invalidateQueries({ queryKey: trpc.regions.pathKey() })]);
      await navigate({ to: "/admin/regions" });
    } catch (error) {
      server.take(error);
      if (appErrorCode(error) === "SLUG_TAKEN") setTakenSlug(values.slug);
    }
  }

  const slugTaken = appErrorCode(mutation.error) === "SLUG_TAKEN";
  const slugError = fieldError(slug) ?? (slugTaken && takenSlug === slug.cleanValue ? errorMessage(mutation.error) : null);
  const refusal = mutation.isError && !server.any && !slugTaken ? errorMessage(mutation.error) : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-label={region ? m.admin_region_edit() : m.admin_region_new()}>
      <FormSection icon={<MapPin aria-hidden className="size-5" />} title={m.admin_region_basics()}>
        <TextField
          label={m.admin_region_name()}
          name="name"
          value={name.value}
          onValueChange={onName}
          onBlur={name.onBlur}
          error={fieldError(name)}
          placeholder="Leipzig"
          maxLength={100}
        />
        <TextField
          label={m.admin_region_slug()}
          name="slug"
          value={slug.value}
          onValueChange={(value) => {
            setSlugTouched(true);
            slug.onValueChange(value);
          }}
          onBlur={slug.onBlur}
          error={slugError}
          hint={m.admin_region_slug_hint({ slug: slug.cleanValue || "leipzig" })}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
        />
        <SwitchField label={m.admin_region_featured()} hint={m.admin_region_featured_hint()} checked={featured} onCheckedChange={setFeatured} />
      </FormSection>
      <FormSection icon={<Globe2 aria-hidden className="size-5" />} title={m.admin_region_map()}>
        <div className="grid grid-cols-2 gap-3">
          <Input field={latitude} name="latitude" label={m.admin_region_latitude()} inputMode="decimal" placeholder="51,3397" />
          <Input field={longitude} name="longitude" label={m.admin_region_longitude()} inputMode="decimal" placeholder="12,3731" />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Input field={perimeter} name="perimeter" label={m.admin_region_perimeter()} inputMode="decimal" hint={m.admin_region_perimeter_hint()} />
          <Input field={zoom} name="mapZoomLevel" label={m.admin_region_zoom()} inputMode="numeric" hint={m.admin_region_zoom_hint()} />
        </div>
      </FormSection>
      <FormSection icon={<MessageCircle aria-hidden className="size-5" />} title={m.admin_region_messenger()}>
        <Input
          field={whatsappGroup}
          name="whatsappGroupUrl"
          label={m.admin_region_whatsapp_group()}
          inputMode="url"
          placeholder="https://chat.whatsapp.com/…"
          optional
        />
        <Input
          field={whatsappChannel}
          name="whatsappChannelUrl"
          label={m.admin_region_whatsapp_channel()}
          inputMode="url"
          placeholder="https://whatsapp.com/channel/…"
          optional
        />
        <Input field={telegramGroup} name="telegramGroupUrl" label={m.admin_region_telegram_group()} inputMode="url" placeholder="https://t.me/…" optional />
        <Input
          field={telegramChannel}
          name="telegramChannelUrl"
          label={m.admin_region_telegram_channel()}
          inputMode="url"
          placeholder="https://t.me/…"
          optional
        />
      </FormSection>
      <FormSection icon={<Crown aria-hidden className="size-5" />} title={m.admin_region_head()}>
        <p className="-mt-2 text-[14px] leading-snug text-slate-600">{m.admin_region_head_hint()}</p>
        {head ? (
          <PickedUser user={head} removeLabel={m.admin_region_head_remove()} onRemove={() => setHead(null)} />
        ) : (
          <UserPicker label={m.admin_region_head_search()} onPick={setHead} testId="admin-region-head-picker" />
        )}
      </FormSection>
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      <Button type="submit" size="lg" block loading={mutation.isPending} data-testid="admin-region-submit">
        {region ? m.admin_save() : m.admin_region_create()}
      </Button>
    </form>
  );
}
