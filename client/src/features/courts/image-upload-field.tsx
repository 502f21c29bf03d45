import { useMutation } from "@tanstack/react-query";
import { ImageUp } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { IMAGE_ACCEPT, ImageUploadError, imageFileProblem, uploadImage } from "@client/lib/image-upload";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { m } from "@client/paraglide/messages";

/** Spec 001 section 8: size and format have their own texts; anything else is the general one. */
function uploadErrorText(error: unknown): string {
  if (error instanceof ImageUploadError) return messageByKey(`error_${error.code}`) ?? m.error_UNEXPECTED();
  return m.error_UNEXPECTED();
}

/**
 * Choose a jpg or png, check type and size in the browser, upload it to `uploadUrl` as `field`
 * (court image, organisation logo) and show the stored picture. The server crops and scales it.
 */
export function ImageUploadField({
  label,
  hint,
  uploadUrl,
  field,
  maxBytes,
  shape,
  currentUrl,
  onUploaded,
}: {
  label: string;
  hint: string;
  uploadUrl: string;
  field: string;
  maxBytes: number;
  /** court images are 1200x750 (1.6), logos 640x640 */
  shape: "wide" | "square";
  currentUrl: string | null;
  onUploaded: (imageUrl: string) => void;
}) {
  useMessageCatalogue();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<unknown>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(uploadUrl, field, file, maxBytes),
    onSuccess: ({ imageUrl }) => {
      setPreview(imageUrl);
      onUploaded(imageUrl);
    },
    onError: setProblem,
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    setPreview(null);
    const code = imageFileProblem(file, maxBytes);
    if (code) setProblem(new ImageUploadError(code));
    else upload.mutate(file);
  }

  const shown = preview ?? currentUrl;
  return (
    <div>
      <p className="text-[15px] font-semibold text-slate-900">{label}</p>
      <p className="mt-0.5 text-[14px] text-slate-600">{hint}</p>
      <div className={`mt-3 flex gap-4 ${shape === "wide" ? "flex-col" : "items-center"}`}>
        {shown ? (
          <img
            src={shown}
            alt={m.court_upload_preview_alt()}
            data-testid="upload-preview"
            className={`bg-black object-cover ring-1 ring-slate-200 ${shape === "wide" ? "aspect-[1.6] w-full rounded-2xl" : "size-24 shrink-0 rounded-3xl"}`}
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input ref={input} id={inputId} type="file" accept={IMAGE_ACCEPT} className="sr-only" onChange={choose} aria-label={label} />
          <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden className="size-5" />
            {shown ? m.court_upload_change() : m.court_upload_choose()}
          </Button>
        </div>
      </div>
      <div className="mt-3 space-y-2" aria-live="polite">
        {problem ? <Notice tone="error">{uploadErrorText(problem)}</Notice> : null}
        {preview && !problem ? <Notice tone="success">{m.court_upload_done()}</Notice> : null}
      </div>
    </div>
  );
}
