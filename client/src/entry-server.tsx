import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import type { BootEntry } from "@shared/boot-data";
import { accountQueryOptions } from "@client/lib/account";
import { seedBootEntries } from "@client/lib/boot-data";
import { endDrawnPage, startDrawnPage } from "@client/lib/hydration";
import { drawnBeforeCatalogue } from "@client/lib/messages";
import { getLocale, overwriteGetLocale, type Locale } from "@client/paraglide/runtime";
import { AppTree } from "./app-tree";
import { createAppRouter } from "./router";

export type FirstScreenInput = { url: string; entries: BootEntry[]; locale: Locale };

/**
 * The first screen of a page as HTML, drawn by the server with the browser's components from the answers it puts
 * into the page (shared/boot-data.ts), for a guest: the same tree the browser hydrates (main.tsx). Null when the
 * screen would not be the page's content (it waits, fails, or is not found): the browser then draws it itself.
 */
export async function renderFirstScreen({ url, entries, locale }: FirstScreenInput): Promise<{ html: string; drawnAt: number } | null> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  // a guest (the server draws only for browsers without a session), as main.tsx knows it from the missing cookie
  queryClient.setQueryData(accountQueryOptions().queryKey, null);
  seedBootEntries(queryClient, entries);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  if (router.state.matches.some((match) => match.status !== "success")) return null;
  // Messages are read while drawing, which is synchronous: the request's language holds for exactly this render, and
  // the process's own (tests of client code in the same process, say) comes back after it.
  const processLocale = getLocale;
  overwriteGetLocale(() => locale);
  // and the clock of this render, which the browser draws with while hydrating it (lib/hydration.ts)
  const drawnAt = Date.now();
  startDrawnPage(drawnAt);
  try {
    const html = drawnBeforeCatalogue(() => renderToString(<AppTree queryClient={queryClient} router={router} />));
    return { html, drawnAt };
  } finally {
    overwriteGetLocale(processLocale);
    endDrawnPage();
    queryClient.clear();
  }
}
