/**
 * Who is nudged to install the app, and how (spec 001 sections 1 and 2.1: phone browser users are nudged to get the
 * app; issue 27). Pure, so the choice is table-tested (install-nudge-rules.test.ts); install-nudge.tsx reads the browser.
 */

/** A dismissed nudge stays away this long (issue 27). */
export const INSTALL_NUDGE_SNOOZE_DAYS = 30;
const SNOOZE_MS = INSTALL_NUDGE_SNOOZE_DAYS * 86_400_000;

/**
 * - `prompt`: the browser offered its own install dialog (Chrome on Android, `beforeinstallprompt`): a button opens it;
 * - `ios-share`: Safari on an iPhone has no such dialog, only "Teilen → Zum Home-Bildschirm": the nudge says so;
 * - `store`: any other phone browser (Firefox, Chrome on iOS, Android before or after the prompt): the app's download page.
 */
export type InstallNudgeKind = "prompt" | "ios-share" | "store";

export type InstallEnvironment = {
  userAgent: string;
  /** lib/native-bridge isPhoneBrowser(): a phone, and not the wrapper */
  phoneBrowser: boolean;
  /** lib/native-bridge isNativeApp() */
  nativeApp: boolean;
  /** already running as the installed app (display-mode standalone, or iOS's navigator.standalone) */
  standalone: boolean;
  /** lib/install-prompt canPromptInstall() */
  canPrompt: boolean;
};

/** Safari proper on an iPhone or iPod: the other iOS browsers name themselves (CriOS, FxiOS, EdgiOS, …) in the user agent. */
export function isIosSafari(userAgent: string): boolean {
  return /iPhone|iPod/.test(userAgent) && /Version\/[\d.]+.*Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|KickrundeApp/i.test(userAgent);
}

/** The kind of nudge to show, or null: never inside the wrapper, never in the installed app, only on phones. */
export function installNudgeKind(env: InstallEnvironment): InstallNudgeKind | null {
  if (env.nativeApp || env.standalone || !env.phoneBrowser) return null;
  if (env.canPrompt) return "prompt";
  if (isIosSafari(env.userAgent)) return "ios-share";
  return "store";
}

/**
 * Whether a nudge dismissed at `dismissedAt` is still away at `now`. A date ahead of `now` (the phone's clock was
 * set back) counts the same way, so a wrong clock cannot hide the nudge for ever.
 */
export function isInstallNudgeSnoozed(dismissedAt: Date | null, now: Date): boolean {
  if (!dismissedAt || Number.isNaN(dismissedAt.getTime())) return false;
  return Math.abs(now.getTime() - dismissedAt.getTime()) < SNOOZE_MS;
}
