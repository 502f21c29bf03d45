import { z } from "zod";
import { zSlug } from "./common";

export const ZRegion = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  imgUrl: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** radius around the centre that belongs to the region, in kilometres */
  perimeter: z.number(),
  featured: z.boolean(),
  mapZoomLevel: z.number().int(),
  whatsappGroupUrl: z.string().nullable(),
  telegramGroupUrl: z.string().nullable(),
  whatsappChannelUrl: z.string().nullable(),
  telegramChannelUrl: z.string().nullable(),
  head: z.object({ id: z.number().int(), firstName: z.string() }).nullable(),
});
export type TRegion = z.infer<typeof ZRegion>;

export const ZRegionList = z.array(ZRegion);

export const ZRegionBySlugInput = z.object({ slug: zSlug });
export type TRegionBySlugInput = z.infer<typeof ZRegionBySlugInput>;

/** The short form embedded in accounts (spec 001 section 3: id, slug, name, latitude, longitude). */
export const ZRegionRef = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TRegionRef = z.infer<typeof ZRegionRef>;
