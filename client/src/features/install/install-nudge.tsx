import { Download, Share, Smartphone, X } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { APP_DOWNLOAD_URL } from "@client/lib/links";
import { canPromptInstall, promptInstall, subscribeInstallPrompt } from "@client/lib/install-prompt";
import { useLocale } from "@client/lib/locale";
import { isNativeApp, isPhoneBrowser } from "@client/lib/native-bridge";
import { getInstallNudgeDismissedAt, storeInstallNudgeDismissedAt } from "@client/lib/local-records";
import { m } from "@client/paraglide/messages";
import { installNudgeKind, isInstallNudgeSnoozed } from "./install-nudge-rules";

/** Already running as the installed app: Chrome's display mode, or Safari's home-screen flag. */
function isStandalone(): boolean {
  if (typeof window === "undefined") return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

/**
 * The footer's nudge for phone browsers to get the app (spec 001 sections 1 and 2.1; issue 27): the browser's own
 * install dialog where it offers one (Android Chrome), the share-sheet way on iPhone Safari, the app's download page
 * elsewhere. Never in the wrapper or the installed app; dismissed, it stays away for 30 days (install-nudge-rules.ts).
 */
export function InstallNudge() {
  useLocale();
  const canPrompt = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall, () => false);
  const [hidden, setHidden] = useState(() => isInstallNudgeSnoozed(getInstallNudgeDismissedAt(), new Date()));
  const [accepted, setAccepted] = useState(false);
  const kind = installNudgeKind({
    userAgent: typeof navigator === "undefined" ? "" : navigator.userAgent,
    phoneBrowser: isPhoneBrowser(),
    nativeApp: isNativeApp(),
    standalone: isStandalone(),
    canPrompt,
  });
  if (hidden || (kind === null && !accepted)) return null;

  function dismiss() {
    storeInstallNudgeDismissedAt(new Date());
    setHidden(true);
  }

  async function install() {
    const outcome = await promptInstall();
    // Accepted: the app is on the home screen, the browser need not ask again for a while. Declined: the browser
    // will not offer its dialog again on this page, so the nudge falls back to the download page.
    if (outcome === "accepted") {
      storeInstallNudgeDismissedAt(new Date());
      setAccepted(true);
    }
  }

  return (
    <aside
      aria-label={m.app_hint_label()}
      className="relative mb-6 flex items-start gap-3 rounded-2xl bg-gradient-to-br from-pitch-700 to-pitch-900 p-4 pr-12 text-white"
    >
      <Smartphone aria-hidden className="mt-0.5 size-8 shrink-0 text-pitch-200" />
      <div className="min-w-0">
        {accepted ? (
          <p role="status" className="text-[15px] leading-snug font-semibold">
            {m.install_accepted()}
          </p>
        ) : (
          <>
            <p className="text-[15px] leading-snug font-semibold">{m.app_hint_text()}</p>
            {kind === "prompt" ? (
              <button
                type="button"
                onClick={() => void install()}
                className="on-dark mt-3 inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-4 text-[15px] font-bold text-pitch-800 hover:bg-pitch-50"
              >
                <Download aria-hidden className="size-5" />
                {m.install_prompt_button()}
              </button>
            ) : kind === "ios-share" ? (
              <p className="mt-2 flex items-start gap-2 text-[15px] leading-snug text-pitch-50">
                <Share aria-hidden className="mt-0.5 size-5 shrink-0" />
                <span>{m.install_ios_hint()}</span>
              </p>
            ) : (
              <a href={APP_DOWNLOAD_URL} className="on-dark mt-1 inline-flex min-h-11 items-center text-[15px] font-bold text-white underline underline-offset-4">
                {m.app_hint_cta()}
              </a>
            )}
          </>
        )}
      </div>
      <button
        type="button"
        onClick={dismiss}
        className="on-dark absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-pitch-100 hover:bg-white/10"
        aria-label={m.app_hint_dismiss()}
      >
        <X aria-hidden className="size-5" />
      </button>
    </aside>
  );
}
