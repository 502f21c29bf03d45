import { trpc } from "@client/lib/trpc";

/** The advertisements of the admin list (/admin/ads prefetches them in its loader). */
export const adminAdsQueryOptions = () => trpc.ads.list.queryOptions();
