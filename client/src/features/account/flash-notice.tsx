import { useRouterState } from "@tanstack/react-router";
import { X } from "lucide-react";
import { useEffect } from "react";
import { Notice } from "@client/components/notice";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { clearFlash, markFlashShown, useFlash, type FlashKey } from "./flash";

const FLASH_TEXTS: Record<FlashKey, () => string> = {
  account_flash_password_reset: m.account_flash_password_reset,
  account_flash_account_deleted: m.account_flash_account_deleted,
  account_flash_profile_saved: m.account_flash_profile_saved,
  game_flash_saved: m.game_flash_saved,
};

/** Shows the pending one-time notice on the page the user lands on; leaving that page drops it. */
export function FlashNotice() {
  useLocale();
  const flash = useFlash();
  const { pathname, idle } = useRouterState({
    select: (state) => ({ pathname: state.location.pathname, idle: state.status === "idle" }),
  });

  useEffect(() => {
    if (!flash || !idle) return;
    if (flash.shownAt === null) markFlashShown(pathname);
    else if (flash.shownAt !== pathname) clearFlash();
  }, [flash, idle, pathname]);

  if (!flash || !idle || (flash.shownAt !== null && flash.shownAt !== pathname)) return null;
  return (
    <div className="px-4 pt-4">
      <Notice tone="success">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1">{FLASH_TEXTS[flash.key]()}</p>
          <button
            type="button"
            onClick={clearFlash}
            aria-label={m.common_close()}
            className="-my-2.5 -mr-3 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-pitch-100"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
      </Notice>
    </div>
  );
}
