import type { AdKind, AdPosition, AdSize } from "@shared/constants";
import { m } from "@client/paraglide/messages";

/**
 * The labels of an ad's kind, size and position. Written out, never looked up as `m[\`ad_size_${size}\`]`:
 * a run-time key on `m` keeps every message of the app in the entry chunk (the bundler cannot tell which
 * ones are used), which once tripled the JavaScript of the first screen (issue 28's budget check catches it).
 */
export const AD_KIND_LABEL: Record<AdKind, () => string> = {
  GAME: m.ad_kind_GAME,
  TOURNAMENT: m.ad_kind_TOURNAMENT,
};

export const AD_SIZE_LABEL: Record<AdSize, () => string> = {
  BIG: m.ad_size_BIG,
  HALF: m.ad_size_HALF,
  MEDIUM: m.ad_size_MEDIUM,
  SMALL: m.ad_size_SMALL,
};

export const AD_POSITION_LABEL: Record<AdPosition, () => string> = {
  AFTER_TODAY: m.ad_position_AFTER_TODAY,
  AFTER_TOMORROW: m.ad_position_AFTER_TOMORROW,
  AFTER_THIS_WEEK: m.ad_position_AFTER_THIS_WEEK,
  AFTER_NEXT_WEEKS: m.ad_position_AFTER_NEXT_WEEKS,
  DEFAULT: m.ad_position_DEFAULT,
};
