import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TGame } from "@shared/schemas/games";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useGameRefresh } from "@client/features/participation/use-game-refresh";
import { openCheckout } from "./checkout-store";
import { forgetReservation } from "./reservation-memory";

/**
 * The two ways to pay from the game page: `pay` asks for the Open participation's payment again
 * (participation.payment) and opens the checkout; `rejoin` joins again after the reservation expired,
 * which makes a new reservation with a new payment (spec 000 section 8: "Reservierung abgelaufen" with a retry).
 */
export function usePaymentActions(game: TGame) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const refresh = useGameRefresh(game.id);
  const join = useMutation(trpc.participation.join.mutationOptions());
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** "checkout": the checkout is open; "expired": the page now shows the expired reservation; "error": shown in `error`. */
  async function pay(participationId: number): Promise<"checkout" | "expired" | "error"> {
    setError(null);
    setPaying(true);
    try {
      const payment = await queryClient.fetchQuery(trpc.participation.payment.queryOptions({ participationId }, { staleTime: 0, retry: false }));
      openCheckout(payment);
      return "checkout";
    } catch (caught) {
      // Expired meanwhile (or already paid): the page shows what is true now.
      const expired = appErrorCode(caught) === "RESERVATION_EXPIRED";
      if (!expired) setError(errorMessage(caught));
      await refresh();
      return expired ? "expired" : "error";
    } finally {
      setPaying(false);
    }
  }

  async function rejoin(playerCount: number): Promise<void> {
    setError(null);
    try {
      const result = await join.mutateAsync({ gameId: game.id, playerCount, queue: false, messagingLanguage: locale });
      forgetReservation(game.id);
      // The old reservation's answer (its deadline, RESERVATION_EXPIRED) must not stand for the new one.
      queryClient.removeQueries({ queryKey: trpc.participation.payment.pathKey() });
      await refresh();
      if (result.payment) openCheckout(result.payment);
    } catch (caught) {
      setError(errorMessage(caught));
      await refresh();
    }
  }

  return { pay, rejoin, paying, rejoining: join.isPending, error };
}
