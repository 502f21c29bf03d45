import { MessageCircle, Send } from "lucide-react";
import type { RegionLink } from "./region-links";

/** One messenger group link of a region (WhatsApp or Telegram), opened outside the app. */
export function GroupLink({ link, className, iconClassName = "size-4" }: { link: RegionLink; className: string; iconClassName?: string }) {
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className={className}>
      {link.kind === "whatsapp" ? (
        <MessageCircle aria-hidden className={`${iconClassName} text-pitch-600`} />
      ) : (
        <Send aria-hidden className={`${iconClassName} text-sky-600`} />
      )}
      {link.label}
    </a>
  );
}
