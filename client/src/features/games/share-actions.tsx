import { Check, Copy, MessageCircle, Send, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useBrowserValue } from "@client/lib/hydration";
import { isNativeApp, postNativeMessage } from "@client/lib/native-bridge";
import { m } from "@client/paraglide/messages";
import { telegramShareUrl, whatsappShareUrl } from "./game-share";

/** Copies a link or text: in the native app the wrapper copies (bridge message copyToClipboard, spec 001 section 7), else the browser. */
export async function copyToClipboard(value: string): Promise<boolean> {
  if (isNativeApp() && postNativeMessage({ type: "copyToClipboard", text: value })) return true;
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** One tile of a row of share actions (copy, the phone's share sheet, messengers): game share modal and court page. */
export const shareActionClass =
  "flex min-h-14 flex-1 flex-col items-center justify-center gap-1 rounded-2xl bg-slate-50 px-2 py-2 text-[13px] font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100";

/** WhatsApp and Telegram with a ready-made text and the link. */
export function MessengerShareLinks({ text, url }: { text: string; url: string }) {
  return (
    <>
      <a href={whatsappShareUrl(text)} target="_blank" rel="noopener noreferrer" className={shareActionClass}>
        <MessageCircle aria-hidden className="size-5 text-pitch-600" />
        WhatsApp
      </a>
      <a href={telegramShareUrl(url, text)} target="_blank" rel="noopener noreferrer" className={shareActionClass}>
        <Send aria-hidden className="size-5 text-sky-600" />
        Telegram
      </a>
    </>
  );
}

/**
 * A row of share actions for a link: copy it (with "copied" for a moment and a message when the browser
 * refuses), the phone's share sheet where there is one, WhatsApp and Telegram with a ready-made text.
 */
export function ShareActionRow({ title, text, url }: { title: string; text: string; url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  // the phone's share sheet: after hydrating a page the server drew (the court page), which cannot know it
  const canShare = useBrowserValue(() => typeof navigator !== "undefined" && typeof navigator.share === "function", false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div>
      <div className="flex gap-2">
        <button type="button" className={shareActionClass} onClick={async () => setCopied(await copyToClipboard(url))}>
          {copied ? <Check aria-hidden className="size-5 text-pitch-700" /> : <Copy aria-hidden className="size-5 text-pitch-700" />}
          {copied ? m.court_share_copied() : m.court_share_copy()}
        </button>
        {canShare ? (
          <button type="button" className={shareActionClass} onClick={() => void navigator.share({ title, text, url }).catch(() => undefined)}>
            <Share2 aria-hidden className="size-5 text-pitch-700" />
            {m.court_share_more()}
          </button>
        ) : null}
        <MessengerShareLinks text={text} url={url} />
      </div>
      <p role="status" className="sr-only">
        {copied ? m.court_share_copied() : ""}
      </p>
      {copied === false ? <p className="mt-2 text-sm font-medium text-red-700">{m.court_share_copy_failed()}</p> : null}
    </div>
  );
}
