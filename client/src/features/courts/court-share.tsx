import { useBrowserValue } from "@client/lib/hydration";
import { m } from "@client/paraglide/messages";
import { ShareActionRow } from "@client/features/games/share-actions";
import { courtUrl } from "./court-links";

/** The share buttons of the court card (spec 001 section 2.7): copy the link, the phone's share sheet, WhatsApp, Telegram. */
export function CourtShare({ courtId, name }: { courtId: number; name: string }) {
  // the page's origin is the browser's: a page the server drew links the path until it is hydrated
  const url = courtUrl(courtId, useBrowserValue(() => window.location.origin, ""));
  return <ShareActionRow title={name} text={m.court_share_text({ name, url })} url={url} />;
}
