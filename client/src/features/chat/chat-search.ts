/** The Chat screen's search parameters (its own module so the route file does not pull the screen into the entry chunk). */
export const CHAT_TABS = ["sessions", "players", "news"] as const;
export type ChatTab = (typeof CHAT_TABS)[number];
export type ChatSearch = { tab?: ChatTab; kickrunde?: true };
