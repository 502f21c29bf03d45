import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { Star } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { isNativeApp } from "@client/lib/native-bridge";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useReviewMessage } from "./review-message";

/** A calm moment to ask: a region's game feed, where nothing is half done (users README Decisions "The rate-app hint"). */
const CALM_PAGE = /^\/games\/[^/]+\/?$/;

/**
 * The rate-app hint (showRateAppHint): inside the native wrapper only (only it can open the store's rating),
 * for a signed-in player the server's rule picks, on the feed. "Bewerten" posts STORE_REVIEW, "Später" just
 * closes it; either answer is recorded (users.rateAppHintSeen), so it shows once and not again for 90 days.
 */
export function RateAppHint() {
  useLocale();
  const account = useAccount();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const wanted = account !== null && isNativeApp() && CALM_PAGE.test(pathname);
  const hint = useQuery(trpc.users.showRateAppHint.queryOptions(undefined, { enabled: wanted, staleTime: Infinity }));
  const queryClient = useQueryClient();
  const seen = useMutation(trpc.users.rateAppHintSeen.mutationOptions());
  const post = useReviewMessage();
  const [answered, setAnswered] = useState(false);
  const titleId = useId();
  if (!wanted || hint.data !== true || answered) return null;

  function answer(rate: boolean) {
    setAnswered(true);
    queryClient.setQueryData(trpc.users.showRateAppHint.queryKey(), false);
    // posting records the answer itself; "Später" (or a wrapper that is gone) records it here
    if (!(rate && post("STORE_REVIEW"))) seen.mutate();
  }

  return (
    <section aria-labelledby={titleId} className="px-3 pb-2">
      <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-xl shadow-slate-900/10">
        <div className="flex items-start gap-3">
          <div className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-500">
            <Star aria-hidden className="size-6 fill-current" />
          </div>
          <div className="min-w-0">
            <h2 id={titleId} className="text-[17px] font-bold text-slate-900">
              {m.review_hint_title()}
            </h2>
            <p className="mt-1 text-[15px] leading-snug text-slate-700">{m.review_hint_text()}</p>
          </div>
        </div>
        <div className="mt-4 flex gap-3">
          <Button variant="outline" block onClick={() => answer(false)}>
            {m.review_hint_later()}
          </Button>
          <Button block onClick={() => answer(true)}>
            {m.review_hint_rate()}
          </Button>
        </div>
      </div>
    </section>
  );
}
