import { useRouterState } from "@tanstack/react-router";
import { returnSearch, type AuthSearch } from "./after-login";

/** The sign-in query that brings the user back to the page they are on (spec 001 section 2.3). */
export function useReturnSearch(): AuthSearch {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  return returnSearch(pathname, searchStr);
}
