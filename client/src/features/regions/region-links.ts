import type { TRegion } from "@shared/schemas/regions";
import { m } from "@client/paraglide/messages";

export type RegionLink = { key: string; url: string; label: string; kind: "whatsapp" | "telegram" };

/** The region's community groups and channels that have a url (spec 001 section 2.1 footer). */
export function regionGroupLinks(region: TRegion): RegionLink[] {
  const links: (RegionLink | null)[] = [
    region.whatsappGroupUrl
      ? { key: "wa-group", url: region.whatsappGroupUrl, label: m.social_whatsapp_group(), kind: "whatsapp" }
      : null,
    region.whatsappChannelUrl
      ? { key: "wa-channel", url: region.whatsappChannelUrl, label: m.social_whatsapp_channel(), kind: "whatsapp" }
      : null,
    region.telegramGroupUrl
      ? { key: "tg-group", url: region.telegramGroupUrl, label: m.social_telegram_group(), kind: "telegram" }
      : null,
    region.telegramChannelUrl
      ? { key: "tg-channel", url: region.telegramChannelUrl, label: m.social_telegram_channel(), kind: "telegram" }
      : null,
  ];
  return links.filter((link): link is RegionLink => link !== null);
}
