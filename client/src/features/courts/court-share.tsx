import { Check, Copy, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { m } from "@client/paraglide/messages";
import { copyToClipboard, MessengerShareLinks, shareActionClass as actionClass } from "@client/features/games/share-actions";
import { courtUrl } from "./court-links";

/** The share buttons of the court card (spec 001 section 2.7): copy the link, the phone's share sheet, WhatsApp, Telegram. */
export function CourtShare({ courtId, name }: { courtId: number; name: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = courtUrl(courtId, window.location.origin);
  const text = m.court_share_text({ name, url });
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <div>
      <div className="flex gap-2">
        <button type="button" className={actionClass} onClick={async () => setCopied(await copyToClipboard(url))}>
          {copied ? <Check aria-hidden className="size-5 text-pitch-700" /> : <Copy aria-hidden className="size-5 text-pitch-700" />}
          {copied ? m.court_share_copied() : m.court_share_copy()}
        </button>
        {canShare ? (
          <button
            type="button"
            className={actionClass}
            onClick={() => void navigator.share({ title: name, text, url }).catch(() => undefined)}
          >
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
