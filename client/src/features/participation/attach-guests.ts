import { getAnonymousParticipations, removeAnonymousParticipations } from "@client/lib/local-records";
import { trpcClient } from "@client/lib/trpc";

/**
 * After sign-in or registration, the guest participations of this browser move to the account
 * (spec 000 section 4). A failure is ignored, as the spec says; the entries are forgotten once the
 * server has answered, so a participation it refuses is not offered again and again.
 */
export async function attachGuestParticipations(): Promise<void> {
  const entries = getAnonymousParticipations();
  if (entries.length === 0) return;
  try {
    await trpcClient.participation.attachGuests.mutate({
      participations: entries.map((entry) => ({ id: entry.participationId, guestToken: entry.guestToken })),
    });
    removeAnonymousParticipations(entries.map((entry) => entry.participationId));
  } catch {
    // ignored (spec 000 section 4)
  }
}
