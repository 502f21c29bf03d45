import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ImageUp, Megaphone, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { AD_KINDS, AD_POSITIONS, type AdKind, type AdPosition, type AdSize } from "@shared/constants";
import { AD, sizesOfKind, ZCreateAdInput, type TAdminAd } from "@shared/schemas/ads";
import { Button, buttonClassName } from "@client/components/button";
import { FormSection } from "@client/components/form-section";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { TextField } from "@client/components/text-field";
import { showToast } from "@client/components/toast";
import { errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { fieldProblems } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { regionsQueryOptions } from "@client/features/regions/regions-query";
import { ConfirmDialog } from "@client/features/admin/confirm-dialog";
import { AD_KIND_LABEL, AD_POSITION_LABEL, AD_SIZE_LABEL } from "./ad-labels";

/** A datetime-local value ("2026-12-01T10:00") in the browser's zone, from an instant. */
function localInput(date: Date | null): string {
  if (!date) return "";
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** An ad's settings (issue 26): where (kind), size (by kind), position (game ads), link (https), region, tournament, period. */
export function AdForm({ ad }: { ad: TAdminAd | null }) {
  useMessageCatalogue();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const regions = useQuery(regionsQueryOptions());
  const [title, setTitle] = useState(ad?.title ?? "");
  const [kind, setKind] = useState<AdKind>(ad?.kind ?? "GAME");
  const [size, setSize] = useState<string>(ad?.size ?? "BIG");
  const [position, setPosition] = useState<string>(ad?.position ?? "AFTER_TODAY");
  const [linkUrl, setLinkUrl] = useState(ad?.linkUrl ?? "");
  const [regionId, setRegionId] = useState(ad?.region ? String(ad.region.id) : "all");
  const [tournamentId, setTournamentId] = useState(ad?.tournament ? String(ad.tournament.id) : "");
  const [activeFrom, setActiveFrom] = useState(localInput(ad?.activeFrom ?? null));
  const [activeUntil, setActiveUntil] = useState(localInput(ad?.activeUntil ?? null));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useMutation(trpc.ads.create.mutationOptions());
  const update = useMutation(trpc.ads.update.mutationOptions());
  const remove = useMutation(trpc.ads.delete.mutationOptions());
  const mutation = ad ? update : create;

  const problem = (name: string) => (problems[name] ? (messageByKey(`validation_${problems[name]}`) ?? validationMessage(problems[name]!)) : null);

  function changeKind(next: AdKind) {
    setKind(next);
    if (!sizesOfKind(next).includes(size as AdSize)) setSize(sizesOfKind(next)[0]!);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateAdInput.safeParse({
      title,
      kind,
      size,
      position: kind === "GAME" ? position : null,
      linkUrl,
      regionId: regionId === "all" ? null : Number(regionId),
      tournamentId: kind === "TOURNAMENT" && tournamentId.trim() !== "" ? Number(tournamentId.trim()) : null,
      activeFrom: activeFrom ? new Date(activeFrom) : null,
      activeUntil: activeUntil ? new Date(activeUntil) : null,
    });
    if (!parsed.success) {
      setProblems(fieldProblems(parsed.error));
      return;
    }
    setProblems({});
    try {
      if (ad) {
        await update.mutateAsync({ id: ad.id, ...parsed.data });
        showToast(m.ad_form_saved());
        await queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() });
      } else {
        const created = await create.mutateAsync(parsed.data);
        showToast(m.ad_form_created());
        await queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() });
        await navigate({
          to: created.kind === "GAME" ? "/ad/$adId" : "/tournament-ad/$adId",
          params: { adId: String(created.id) },
        });
      }
    } catch (error) {
      setProblems(fieldErrorCodes(error));
    }
  }

  async function deleteAd() {
    if (!ad) return;
    await remove.mutateAsync({ id: ad.id });
    showToast(m.ad_form_deleted());
    await queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() });
    await navigate({ to: "/admin/ads" });
  }

  const refusal = mutation.isError && Object.keys(fieldErrorCodes(mutation.error)).length === 0 ? errorMessage(mutation.error) : null;
  const sizeChanged = ad !== null && ad.imageUrl !== null && ad.size !== size;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={ad ? m.ad_edit_title() : m.ad_new_title()} className="space-y-4">
      <FormSection icon={<Megaphone aria-hidden className="size-5" />} title={m.ad_form_section()}>
        <TextField
          label={m.ad_form_title_label()}
          name="title"
          value={title}
          onValueChange={setTitle}
          error={problem("title")}
          maxLength={AD.titleMax}
          data-testid="ad-form-title"
        />
        <SelectField
          label={m.ad_form_kind()}
          name="kind"
          value={kind}
          onValueChange={(v) => changeKind(v as AdKind)}
          placeholder={m.ad_form_kind()}
          options={AD_KINDS.map((k) => ({
            value: k,
            label: AD_KIND_LABEL[k](),
          }))}
          error={problem("kind")}
          data-testid="ad-form-kind"
        />
        <SelectField
          label={m.ad_form_size()}
          name="size"
          value={size}
          onValueChange={setSize}
          placeholder={m.ad_form_size()}
          options={sizesOfKind(kind).map((s) => ({
            value: s,
            label: AD_SIZE_LABEL[s as AdSize](),
          }))}
          error={problem("size")}
          data-testid="ad-form-size"
        />
        {sizeChanged ? <Notice tone="info">{m.ad_form_size_change_hint()}</Notice> : null}
        {kind === "GAME" ? (
          <SelectField
            label={m.ad_form_position()}
            name="position"
            value={position}
            onValueChange={setPosition}
            placeholder={m.ad_form_position()}
            options={AD_POSITIONS.map((p: AdPosition) => ({
              value: p,
              label: AD_POSITION_LABEL[p](),
            }))}
            error={problem("position")}
            data-testid="ad-form-position"
          />
        ) : (
          <TextField
            label={m.ad_form_tournament()}
            name="tournamentId"
            inputMode="numeric"
            value={tournamentId}
            onValueChange={setTournamentId}
            hint={m.ad_form_tournament_hint()}
            error={problem("tournamentId")}
            optional
          />
        )}
        <TextField
          label={m.ad_form_link()}
          name="linkUrl"
          type="url"
          inputMode="url"
          value={linkUrl}
          onValueChange={setLinkUrl}
          error={problem("linkUrl")}
          placeholder="https://"
          data-testid="ad-form-link"
        />
        <SelectField
          label={m.ad_form_region()}
          name="regionId"
          value={regionId}
          onValueChange={setRegionId}
          placeholder={m.ad_form_region()}
          options={[
            { value: "all", label: m.ad_all_regions() },
            ...(regions.data ?? []).map((r) => ({
              value: String(r.id),
              label: r.name,
            })),
          ]}
          error={problem("regionId")}
          data-testid="ad-form-region"
        />
        <TextField
          label={m.ad_form_from()}
          name="activeFrom"
          type="datetime-local"
          value={activeFrom}
          onValueChange={setActiveFrom}
          error={problem("activeFrom")}
          optional
        />
        <TextField
          label={m.ad_form_until()}
          name="activeUntil"
          type="datetime-local"
          value={activeUntil}
          onValueChange={setActiveUntil}
          error={problem("activeUntil")}
          optional
        />
        {refusal ? <Notice tone="error">{refusal}</Notice> : null}
        <Button type="submit" size="lg" block loading={mutation.isPending} data-testid="ad-form-submit">
          {ad ? m.ad_form_save() : m.ad_form_create()}
        </Button>
      </FormSection>
      {ad ? (
        <div className="space-y-2">
          <Link
            to={ad.kind === "GAME" ? "/ad/$adId" : "/tournament-ad/$adId"}
            params={{ adId: String(ad.id) }}
            className={buttonClassName({
              variant: "outline",
              block: true,
              size: "lg",
            })}
            data-testid="ad-form-upload-link"
          >
            <ImageUp aria-hidden className="size-5" />
            {m.ad_form_upload_link()}
          </Link>
          <Button variant="ghost" block onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden className="size-5" />
            {m.ad_form_delete()}
          </Button>
          <ConfirmDialog
            open={confirmDelete}
            onClose={() => setConfirmDelete(false)}
            title={m.ad_form_delete()}
            text={m.ad_form_delete_confirm()}
            confirmLabel={m.ad_form_delete()}
            icon={Trash2}
            pending={remove.isPending}
            error={remove.error}
            onConfirm={() => void deleteAd().catch(() => undefined)}
          />
        </div>
      ) : null}
    </form>
  );
}
