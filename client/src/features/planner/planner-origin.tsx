import { useQuery, type QueryClient } from "@tanstack/react-query";
import { CalendarSearch } from "lucide-react";
import { showToast } from "@client/components/toast";
import { trpc, trpcClient } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { plannerQueryOptions } from "./planner-queries";

/** The create-game form's line saying which poll it turns into a weekly session. */
export function PlannerOrigin({ plannerId }: { plannerId: number }) {
  const planner = useQuery(plannerQueryOptions(plannerId));
  if (!planner.data) return null;
  return (
    <p data-testid="planner-origin" className="mt-3 flex items-start gap-2 rounded-2xl bg-white/80 px-3 py-2 text-[14px] leading-snug text-slate-700 ring-1 ring-pitch-200">
      <CalendarSearch aria-hidden className="mt-0.5 size-4 shrink-0 text-pitch-700" />
      {m.planner_from_poll({ title: planner.data.title })}
    </p>
  );
}

/** After the form made the session: the planner becomes CONVERTED with it; a failure keeps the game and says so. */
export async function linkPlannerToGame(queryClient: QueryClient, plannerId: number, gameId: number): Promise<void> {
  try {
    const planner = await trpcClient.planner.convert.mutate({ id: plannerId, gameId });
    queryClient.setQueryData(plannerQueryOptions(plannerId).queryKey, planner);
  } catch {
    showToast(m.planner_link_failed(), "info");
  }
  void queryClient.invalidateQueries({ queryKey: trpc.planner.pathKey() });
}
