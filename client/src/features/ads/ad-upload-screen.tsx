import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ImageUp, TriangleAlert, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { AD_IMAGE } from "@shared/constants";
import type { ErrorCode } from "@shared/errors";
import { adImageDimensions, type TAd } from "@shared/schemas/ads";
import { Button } from "@client/components/button";
import { NoPermission } from "@client/components/no-permission";
import { Notice } from "@client/components/notice";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { IMAGE_ACCEPT, ImageUploadError, uploadImage } from "@client/lib/image-upload";
import { useLocale } from "@client/lib/locale";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { AD_SIZE_LABEL } from "./ad-labels";

/** A refusal in words; the dimensions name the ones this ad needs (spec 001 sections 5, 8). */
export function adUploadProblem(code: ErrorCode, ad: Pick<TAd, "size">): string {
  if (code === "IMAGE_TOO_LARGE" || code === "AD_IMAGE_TOO_LARGE") return m.error_AD_IMAGE_TOO_LARGE();
  if (code === "AD_IMAGE_DIMENSIONS") {
    const { width, height } = adImageDimensions(ad.size);
    return m.ad_upload_wrong_dimensions({
      width: String(width),
      height: String(height),
    });
  }
  return messageByKey(`error_${code}`) ?? m.error_UNEXPECTED();
}

function Rules({ ad }: { ad: TAd }) {
  const { width, height } = adImageDimensions(ad.size);
  return (
    <section aria-labelledby="ad-rules" className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <h2 id="ad-rules" className="text-[17px] font-extrabold text-slate-900">
        {m.ad_upload_rules_heading()}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-[15px] text-slate-700" data-testid="ad-upload-rules">
        <li>{m.ad_upload_rule_formats()}</li>
        <li>{m.ad_upload_rule_size()}</li>
        <li>
          {m.ad_upload_rule_dimensions({
            width: String(width),
            height: String(height),
            size: AD_SIZE_LABEL[ad.size](),
          })}
        </li>
      </ul>
    </section>
  );
}

/**
 * /ad/{adId} and /tournament-ad/{adId} (spec 001 section 2.11): the ad's image upload, for admins. The
 * rules come before the pick, with the warning that a new upload deletes the old image; the picked file
 * is previewed, then sent to POST /api/ad-image/{id}; the server checks type, size and exact dimensions.
 */
export function AdUploadScreen({ adId, kind }: { adId: number; kind: "GAME" | "TOURNAMENT" }) {
  useLocale();
  const account = useAccount();
  if (!account?.isAdmin) {
    return (
      <NoPermission
        title={m.error_FORBIDDEN()}
        signInRedirect={kind === "GAME" ? `/ad/${adId}` : `/tournament-ad/${adId}`}
        back={(className) => (
          <Link to="/games" className={className}>
            {m.admin_back_to_feed()}
          </Link>
        )}
      />
    );
  }
  return <AdUpload adId={adId} kind={kind} />;
}

function AdUpload({ adId, kind }: { adId: number; kind: "GAME" | "TOURNAMENT" }) {
  useMessageCatalogue();
  const queryClient = useQueryClient();
  const ad = useQuery(trpc.ads.get.queryOptions({ id: adId }));
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  // kept as a code: translated when drawn (the language, the keyed texts arriving)
  const [problemCode, setProblem] = useState<ErrorCode | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  if (ad.isPending) return <ListPlaceholder rows={2} />;
  if (ad.isError || ad.data.kind !== kind) {
    return (
      <div className="px-4 py-6">
        <Notice tone="error">{ad.isError ? errorMessage(ad.error) : m.error_AD_NOT_FOUND()}</Notice>
      </div>
    );
  }
  const current = ad.data;
  const { width, height } = adImageDimensions(current.size);
  const problem = problemCode ? adUploadProblem(problemCode, current) : null;

  function pick(file: File | undefined) {
    setDone(false);
    setProblem(null);
    setPicked(file ? { file, url: URL.createObjectURL(file) } : null);
  }

  async function send() {
    if (!picked) return;
    setSending(true);
    setProblem(null);
    try {
      await uploadImage(`/api/ad-image/${adId}`, "adImage", picked.file, AD_IMAGE.maxBytes);
      setDone(true);
      setPicked(null);
      if (input.current) input.current.value = "";
      await queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() });
    } catch (error) {
      setProblem(error instanceof ImageUploadError ? error.code : "UNEXPECTED");
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="space-y-4 px-4 pt-3 pb-10">
      <Link
        to="/admin/ads/$adId"
        params={{ adId: String(adId) }}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
      >
        <ArrowLeft aria-hidden className="size-5" />
        {m.ad_back_to_ad()}
      </Link>
      <div>
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
          {kind === "GAME" ? m.ad_upload_title() : m.ad_upload_tournament_title()}
        </h1>
        <p className="mt-1 text-[15px] text-slate-600">{current.title}</p>
      </div>
      <Rules ad={current} />
      <p
        className="flex items-start gap-2 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-[15px] leading-snug font-semibold text-amber-950"
        data-testid="ad-upload-warning"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
        {m.ad_upload_warning()}
      </p>

      <section aria-label={m.ad_upload_current()} className="space-y-2">
        <h2 className="text-[15px] font-bold text-slate-800">{m.ad_upload_current()}</h2>
        {current.imageUrl ? (
          <img
            src={current.imageUrl}
            alt={current.title}
            width={width}
            height={height}
            className="w-full rounded-2xl border border-slate-200"
            style={{ aspectRatio: `${width} / ${height}` }}
            data-testid="ad-current-image"
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-4 text-[15px] text-slate-600">{m.ad_upload_none()}</p>
        )}
      </section>

      <label className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-pitch-300 bg-pitch-50 px-4 text-[16px] font-bold text-pitch-800 hover:bg-pitch-100">
        <ImageUp aria-hidden className="size-5" />
        {m.ad_upload_pick()}
        <input ref={input} type="file" accept={IMAGE_ACCEPT} className="sr-only" data-testid="ad-upload-input" onChange={(e) => pick(e.target.files?.[0])} />
      </label>

      {picked ? (
        <section aria-label={m.ad_upload_preview()} className="space-y-2">
          <h2 className="text-[15px] font-bold text-slate-800">{m.ad_upload_preview()}</h2>
          <img
            src={picked.url}
            alt=""
            className="w-full rounded-2xl border border-slate-200 object-contain"
            style={{ aspectRatio: `${width} / ${height}` }}
            data-testid="ad-upload-preview"
          />
          <Button size="lg" block loading={sending} onClick={() => void send()} data-testid="ad-upload-submit">
            <Upload aria-hidden className="size-5" />
            {m.ad_upload_submit()}
          </Button>
        </section>
      ) : null}
      {problem ? (
        <Notice tone="error">
          <span data-testid="ad-upload-error">{problem}</span>
        </Notice>
      ) : null}
      {done ? (
        <Notice tone="success">
          <span data-testid="ad-upload-done">{m.ad_upload_done()}</span>
        </Notice>
      ) : null}
    </div>
  );
}
