import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postNativeMessage } from "@client/lib/native-bridge";
import { trpc } from "@client/lib/trpc";

/** The two bridge messages of the review screen (spec 001 sections 2.12 and 7). */
export type ReviewMessage = "STORE_REVIEW" | "REDIRECT_STORE_REVIEW";

/** Posts a review message to the wrapper; a rating counts as the hint's answer, so the app does not ask again soon. */
export function useReviewMessage() {
  const queryClient = useQueryClient();
  const seen = useMutation(trpc.users.rateAppHintSeen.mutationOptions());
  return (message: ReviewMessage): boolean => {
    const posted = postNativeMessage({ type: message });
    if (posted) {
      seen.mutate(undefined, { onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.users.showRateAppHint.queryKey() }) });
    }
    return posted;
  };
}
