import { useNavigate, useRouter, useRouterState } from "@tanstack/react-router";
import { useCallback } from "react";

/**
 * A dialog whose open state lives in the query as a bare flag (`?missing-players`, `?cancel`), so
 * links can open it. Closing only drops the flag while the page is still the one that has it:
 * modals also close when the user navigates elsewhere, and that must not pull them back.
 */
export function useSearchFlag(flag: string): [boolean, (open: boolean) => Promise<void>] {
  const router = useRouter();
  const navigate = useNavigate();
  const open = useRouterState({ select: (state) => new URLSearchParams(state.location.searchStr).has(flag) });
  const setOpen = useCallback(
    async (next: boolean) => {
      const location = router.latestLocation;
      const params = new URLSearchParams(location.searchStr);
      if (params.has(flag) === next) return;
      if (next) params.set(flag, "");
      else params.delete(flag);
      const query = params.toString().replace(/=(?=&|$)/g, "");
      await navigate({ href: `${location.pathname}${query ? `?${query}` : ""}`, replace: !next });
    },
    [flag, navigate, router],
  );
  return [open, setOpen];
}
