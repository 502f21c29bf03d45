import { Check, Copy, PartyPopper, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import type { TGame } from "@shared/schemas/games";
import { Modal } from "@client/components/modal";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { gameUrl, shareText } from "./game-share";
import { copyToClipboard, MessengerShareLinks, shareActionClass as actionClass } from "./share-actions";

type Copied = "link" | "text" | null;

/**
 * Share modal (spec 000 section 2): the game link and a ready-made messenger text, each with a
 * copy button, plus the phone's share sheet where there is one and WhatsApp/Telegram links.
 * `created`: the moment right after creating the game, "your game is live, share it".
 */
export function ShareModal({ game, open, onClose, created = false }: { game: TGame; open: boolean; onClose: () => void; created?: boolean }) {
  const { locale } = useLocale();
  const [copied, setCopied] = useState<Copied>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const url = gameUrl(game.id, window.location.origin, game.shareKey);
  const text = shareText(game, url, locale);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(kind: Exclude<Copied, null>) {
    const ok = await copyToClipboard(kind === "link" ? url : text);
    setCopyFailed(!ok);
    setCopied(ok ? kind : null);
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: m.app_name(), text, url });
    } catch {
      // dismissed by the user; nothing to do
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={created ? m.game_created_title() : m.game_share_title()} hideTitle={created}>
      {created ? (
        <div className="-mt-2 flex flex-col items-center text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
            <PartyPopper aria-hidden className="size-8" />
          </span>
          <p aria-hidden className="mt-3 text-[22px] font-extrabold tracking-tight text-slate-900">
            {m.game_created_title()}
          </p>
          <p className="mt-1.5 text-[15px] leading-relaxed text-slate-700">{m.game_created_intro()}</p>
        </div>
      ) : (
        <p className="text-[15px] text-slate-700">{m.game_share_intro()}</p>
      )}

      {game.shareKey ? (
        <p className="mt-3 rounded-xl bg-amber-50 p-3 text-[14px] leading-snug text-amber-900 ring-1 ring-amber-200">{m.game_share_private_hint()}</p>
      ) : null}

      <div className="mt-4">
        <label htmlFor="share-link" className="mb-1.5 block text-sm font-semibold text-slate-800">
          {m.game_share_link_label()}
        </label>
        <div className="flex items-center gap-2 rounded-xl border border-slate-300 bg-slate-50 py-1 pr-1 pl-3">
          <input
            id="share-link"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 bg-transparent text-[15px] text-slate-900 focus:outline-none"
          />
          <button
            type="button"
            onClick={() => void copy("link")}
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg bg-pitch-600 px-3 text-[14px] font-semibold text-white hover:bg-pitch-700"
          >
            {copied === "link" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied === "link" ? m.game_share_copied() : m.game_share_copy_link()}
          </button>
        </div>
      </div>

      <div className="mt-4">
        <p id="share-text-label" className="mb-1.5 text-sm font-semibold text-slate-800">
          {m.game_share_text_label()}
        </p>
        <div aria-labelledby="share-text-label" className="rounded-2xl bg-pitch-50 p-3.5 text-[15px] leading-relaxed whitespace-pre-line [overflow-wrap:anywhere] text-slate-900 ring-1 ring-pitch-200">
          {text}
        </div>
        <button
          type="button"
          onClick={() => void copy("text")}
          className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          {copied === "text" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied === "text" ? m.game_share_copied() : m.game_share_copy_text()}
        </button>
      </div>

      <p role="status" className="sr-only">
        {copied ? m.game_share_copied() : ""}
      </p>
      {copyFailed ? <p className="mt-2 text-sm font-medium text-red-700">{m.game_share_copy_failed()}</p> : null}

      <div className="mt-4 flex gap-2">
        {canShare ? (
          <button type="button" onClick={() => void shareNatively()} className={actionClass}>
            <Share2 aria-hidden className="size-5 text-pitch-700" />
            {m.game_share_more()}
          </button>
        ) : null}
        <MessengerShareLinks text={text} url={url} />
      </div>
      {created ? (
        <button
          type="button"
          onClick={onClose}
          className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-xl text-[15px] font-semibold text-slate-700 hover:bg-slate-100"
        >
          {m.game_created_done()}
        </button>
      ) : null}
    </Modal>
  );
}
