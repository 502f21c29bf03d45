import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Camera, Trash2 } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import type { TMyAccount } from "@shared/schemas/users";
import { Avatar } from "@client/components/avatar";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { setAccount } from "@client/lib/account";
import { m } from "@client/paraglide/messages";
import { ImageCropper } from "./image-cropper";
import { deleteProfileImage, ProfileImageError, profileImageFileProblem, uploadProfileImage } from "./profile-image-api";

/** Spec 001 section 8: size and format have their own texts; anything else is the general one. */
function imageErrorText(error: unknown): string {
  if (error instanceof ProfileImageError) return messageByKey(`error_${error.code}`) ?? m.error_UNEXPECTED();
  return errorMessage(error);
}

/** Profile picture on /profile: choose, crop square, upload; or delete. */
export function ProfileImageEditor({ account }: { account: TMyAccount }) {
  useMessageCatalogue();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<"saved" | "deleted" | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  async function applyUrl(profileImageUrl: string | null) {
    await setAccount(queryClient, (current) => (current ? { ...current, profileImageUrl } : current), { profiles: true });
  }

  const upload = useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async ({ profileImageUrl }) => {
      await applyUrl(profileImageUrl);
      setFile(null);
      setDone("saved");
    },
    onError: (error) => {
      setFile(null);
      setProblem(error);
    },
  });
  const remove = useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: async () => {
      await applyUrl(null);
      setDone("deleted");
    },
    onError: setProblem,
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    setDone(null);
    setProblem(null);
    const code = profileImageFileProblem(chosen);
    if (code) setProblem(new ProfileImageError(code));
    else setFile(chosen);
  }

  return (
    <section aria-labelledby="profile-image" className="rounded-3xl border border-slate-200 p-4">
      <h2 id="profile-image" className="text-[17px] font-bold text-slate-900">
        {m.profile_image_title()}
      </h2>
      <div className="mt-3 flex items-center gap-4">
        <Avatar name={account.firstName} imageUrl={account.profileImageUrl} size="lg" alt={m.user_avatar_alt({ name: account.firstName })} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <Camera aria-hidden className="size-5" />
            {account.profileImageUrl ? m.profile_image_change() : m.profile_image_upload()}
          </Button>
          {account.profileImageUrl ? (
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => {
                setDone(null);
                setProblem(null);
                remove.mutate();
              }}
            >
              <Trash2 aria-hidden className="size-5" />
              {m.profile_image_delete()}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600">{m.profile_image_hint()}</p>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        name="profileImage"
        onChange={choose}
      />
      <div className="mt-3 space-y-2 empty:hidden">
        {problem ? <Notice tone="error">{imageErrorText(problem)}</Notice> : null}
        {done === "saved" ? <Notice tone="success">{m.profile_image_saved()}</Notice> : null}
        {done === "deleted" ? <Notice tone="success">{m.profile_image_deleted()}</Notice> : null}
      </div>
      <Modal open={file !== null} onClose={() => (upload.isPending ? undefined : setFile(null))} title={m.crop_title()}>
        {file ? <ImageCropper file={file} busy={upload.isPending} onCancel={() => setFile(null)} onDone={(blob) => upload.mutate(blob)} /> : null}
      </Modal>
    </section>
  );
}
