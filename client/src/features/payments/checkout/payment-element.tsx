import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { Loader2, RotateCw } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { formatMoney } from "@shared/rules/money";
import type { TGame } from "@shared/schemas/games";
import type { TParticipationPayment } from "@shared/schemas/participation";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { gameQueryOptions, parseGameId } from "@client/features/games/game-query";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

type Load = { state: "loading" } | { state: "ready"; stripe: Stripe } | { state: "failed" };

/**
 * Stripe's Payment Element for a real Stripe account (a publishable key, no hosted page). Its own
 * chunk, loaded by the checkout modal only when needed; Stripe.js itself loads only here
 * (`@stripe/stripe-js/pure`). When it cannot load (offline, blocked), the player is told so and
 * offered a retry and, where the game allows it, paying in cash.
 */
export function PaymentElementCheckout({
  payment,
  onClose,
  returnPath,
}: {
  payment: Pick<TParticipationPayment, "amountCents" | "clientSecret" | "publishableKey">;
  onClose: () => void;
  /** where the provider sends the payer back (default: the game page with ?payment-return); a court booking returns to its own page */
  returnPath?: string;
}) {
  const { locale } = useLocale();
  const publishableKey = payment.publishableKey;
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    setLoad({ state: "loading" });
    loadStripe(publishableKey).then(
      (stripe) => live && setLoad(stripe ? { state: "ready", stripe } : { state: "failed" }),
      () => live && setLoad({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (load.state === "failed" || !publishableKey) {
    return <LoadFailed onRetry={() => setAttempt((n) => n + 1)} onClose={onClose} />;
  }
  if (load.state === "loading") {
    return (
      <p role="status" className="mt-5 flex items-center justify-center gap-2 py-6 text-[15px] font-semibold text-slate-600">
        <Loader2 aria-hidden className="size-5 animate-spin" />
        {m.checkout_pe_loading()}
      </p>
    );
  }
  return (
    <Elements
      stripe={load.stripe}
      options={{
        clientSecret: payment.clientSecret,
        locale: locale === "de" ? "de" : "en",
        appearance: { theme: "stripe", variables: { borderRadius: "12px", fontSizeBase: "16px" } },
      }}
    >
      <PaymentForm amountCents={payment.amountCents} onClose={onClose} returnPath={returnPath} />
    </Elements>
  );
}

/** The game of the page the modal is on (the game page keeps it in the query cache). */
function usePageGame(): { id: number | null; game: TGame | undefined } {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id === undefined ? null : parseGameId(params.id);
  const queryClient = useQueryClient();
  const game = id === null ? undefined : queryClient.getQueryData(gameQueryOptions(id).queryKey);
  return { id, game };
}

function PaymentForm({ amountCents, onClose, returnPath }: { amountCents: number; onClose: () => void; returnPath?: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const { locale } = useLocale();
  const { id } = usePageGame();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError(null);
    // spec 000 section 7: back to the game page; Stripe appends payment_intent and redirect_status.
    const path = returnPath ?? `${id === null ? window.location.pathname : `/game/${id}`}?payment-return`;
    try {
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${window.location.origin}${path}` } });
      // Only reached on an error: success leaves the page for the return URL.
      setError(result.error.message ?? m.checkout_pe_failed());
    } catch {
      setError(m.checkout_pe_failed());
    }
    setSubmitting(false);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4">
      <PaymentElement options={{ layout: "tabs" }} />
      {error ? (
        <div className="mt-3">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button type="submit" size="lg" block loading={submitting} disabled={!stripe || !elements || submitting}>
          {m.checkout_pe_pay({ amount: formatMoney(amountCents, locale) })}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.checkout_later()}
        </Button>
      </div>
    </form>
  );
}

function LoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { game } = usePageGame();
  const cash = game?.externalPaymentRequestsAllowed ?? false;
  return (
    <div className="mt-4 space-y-3">
      <Notice tone="error">
        <p className="font-bold">{m.checkout_pe_load_failed_title()}</p>
        <p className="mt-1">{m.checkout_pe_load_failed_text()}</p>
      </Notice>
      {cash ? <Notice tone="info">{m.checkout_pe_cash_hint()}</Notice> : null}
      <div className="flex flex-col gap-2 pt-2">
        <Button size="lg" block onClick={onRetry}>
          <RotateCw aria-hidden className="size-5" />
          {m.checkout_pe_reload()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {cash ? m.checkout_close() : m.checkout_later()}
        </Button>
      </div>
    </div>
  );
}
