import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { clipPushText } from "../../integrations/push/texts";
import * as newsRepo from "./news-repo";
import { notifyUsers } from "./notify-users";

/**
 * A news message of the staff console (issue 26) as pushes: to the devices subscribed to its regions (to every
 * region's subscribers when it has none), as new games in a region reach them; each device once, in the
 * language it subscribed in, queued in the caller's transaction. Returns the pushes queued.
 */
export async function pushNews(deps: Deps, tx: Tx, news: { id: number; textDe: string; textEn: string; regionIds: readonly number[] }): Promise<number> {
  const devices = await newsRepo.regionsSubscriberDevices(tx, news.regionIds);
  if (devices.length === 0) return 0;
  return notifyUsers(deps, tx, {
    push: {
      to: { devices },
      key: "news",
      params: (d) => ({ game: "", text: clipPushText(d.language === "de" ? news.textDe : news.textEn) }),
      url: `${deps.config.publicUrl}/chat?tab=news`,
      tag: `news-${news.id}`,
    },
  });
}
