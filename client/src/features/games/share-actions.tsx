import { MessageCircle, Send } from "lucide-react";
import { isNativeApp, postNativeMessage } from "@client/lib/native-bridge";
import { telegramShareUrl, whatsappShareUrl } from "./game-share";

/** Copies a link or text: in the native app the wrapper copies (bridge message copyToClipboard, spec 001 section 7), else the browser. */
export async function copyToClipboard(value: string): Promise<boolean> {
  if (isNativeApp() && postNativeMessage(JSON.stringify({ type: "copyToClipboard", text: value }))) return true;
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
