import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LazyChunk } from "@client/components/lazy-chunk";
import { appErrorCode } from "@client/lib/errors";

const loadMaintenanceScreen = () => import("./maintenance-screen").then((module) => ({ default: module.MaintenanceScreen }));

/**
 * Watches every query and mutation for a MAINTENANCE answer (server/http/maintenance.ts) and then mounts the
 * maintenance screen, whose code loads only then (the server keeps serving the app's files in maintenance), so it
 * stays off the entry chunk (issue 28).
 */
export function MaintenanceWatch() {
  const queryClient = useQueryClient();
  const [on, setOn] = useState(false);

  useEffect(() => {
    const seen = (error: unknown) => {
      if (appErrorCode(error) === "MAINTENANCE") setOn(true);
    };
    // an answer that came before this watch was mounted (the first load)
    if (queryClient.getQueryCache().getAll().some((query) => appErrorCode(query.state.error) === "MAINTENANCE")) setOn(true);
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") seen(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") seen(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);

  return on ? <LazyChunk load={loadMaintenanceScreen} props={{}} placeholder={null} failed={() => null} /> : null;
}
