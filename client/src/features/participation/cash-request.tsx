import { useMutation } from "@tanstack/react-query";
import { Banknote, Check, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { Language } from "@shared/constants";
import { cashRequestDeclined, cashRequestPending, type PaymentDisplayCode } from "@shared/rules/payment-display";
import { CASH_MESSAGE_MAX_LENGTH } from "@shared/constants";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { TextAreaField } from "@client/components/text-area-field";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { currentDeviceToken, requestDeviceToken } from "@client/lib/notifications";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { getLocale } from "@client/paraglide/runtime";
import { useGameRefresh } from "./use-game-refresh";

type Participation = TGame["participations"][number];

const CODE_LABELS: Record<PaymentDisplayCode, () => string> = {
  BO: m.cash_code_BO,
  CA: m.cash_code_CA,
  DE: m.cash_code_DE,
  PA: m.cash_code_PA,
  RE: m.cash_code_RE,
  TP: m.cash_code_TP,
  WD: m.cash_code_WD,
};

const CODE_TONES: Record<PaymentDisplayCode, string> = {
  BO: "bg-pitch-100 text-pitch-800 ring-pitch-200",
  PA: "bg-pitch-100 text-pitch-800 ring-pitch-200",
  TP: "bg-amber-50 text-amber-900 ring-amber-200",
  RE: "bg-sky-50 text-sky-900 ring-sky-200",
  DE: "bg-red-50 text-red-800 ring-red-200",
  CA: "bg-slate-100 text-slate-700 ring-slate-200",
  WD: "bg-slate-100 text-slate-700 ring-slate-200",
};

/** The payment's display code (spec 000 section 4) as a small badge, its meaning for screen readers and on hover. */
export function PaymentCodeBadge({ code }: { code: PaymentDisplayCode | null }) {
  if (!code) return null;
  const label = CODE_LABELS[code]();
  return (
    <abbr
      title={label}
      aria-label={label}
      data-testid="payment-code"
      className={`inline-flex h-6 shrink-0 items-center rounded-md px-1.5 text-[12px] font-extrabold tracking-wide no-underline ring-1 ${CODE_TONES[code]}`}
    >
      {code}
    </abbr>
  );
}

/**
 * "Bar bezahlen" in the own participation box (spec 000 sections 4, 5): a player whose place waits for
 * its payment asks the organiser to pay in cash, with an optional message. The request needs
 * notifications: the device's token is sent when there is one, and asked for when the server says the
 * participation has none. "Angefragt" and "abgelehnt" are the box's status (shared/rules/my-game-status.ts);
 * after a decline the way forward is paying online, so the button is not offered again.
 */
export function CashRequest({ game }: { game: TGame }) {
  const own = game.viewer.participation;
  const refresh = useGameRefresh(game.id);
  const request = useMutation(trpc.participation.requestCash.mutationOptions());
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  if (!own || own.queue || own.paymentStatus !== "Open" || !game.isManagedPayment || !game.externalPaymentRequestsAllowed || game.cancelledAt) return null;
  const facts = { requestedExternalPaymentAt: own.requestedExternalPaymentAt, declinedExternalPaymentAt: own.declinedExternalPaymentAt };
  // Requested: the status says so. Declined: "bitte online" stands alone, no "Bar bezahlen" beside it (issue 23 item 15).
  if (cashRequestPending(facts) || cashRequestDeclined(facts)) return null;
  const trimmed = message.trim();
  const tooLong = trimmed.length > CASH_MESSAGE_MAX_LENGTH;

  async function send(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (tooLong) return;
    const input = { gameId: game.id, message: trimmed || null, userAgent: navigator.userAgent };
    try {
      try {
        await request.mutateAsync({ ...input, deviceToken: currentDeviceToken() });
      } catch (error) {
        if (appErrorCode(error) !== "CASH_NEEDS_NOTIFICATIONS") throw error;
        const device = await requestDeviceToken({ language: getLocale() as Language });
        if ("denied" in device) {
          setProblem(m.error_CASH_NEEDS_NOTIFICATIONS());
          return;
        }
        await request.mutateAsync({ ...input, deviceToken: device.token });
      }
      setOpen(false);
      setMessage("");
      showToast(m.toast_cash_requested());
      await refresh();
    } catch {
      // shown below
    }
  }

  const error = problem ?? (request.isError ? errorMessage(request.error) : null);
  return (
    <div className="space-y-3">
      {open ? (
        <form noValidate onSubmit={send} className="space-y-3 rounded-2xl bg-white p-3.5 ring-1 ring-slate-200">
          <p className="text-[14px] leading-snug text-slate-700">{m.cash_request_hint()}</p>
          <TextAreaField
            label={m.cash_message_label()}
            optional
            rows={3}
            maxLength={CASH_MESSAGE_MAX_LENGTH}
            value={message}
            onValueChange={setMessage}
            error={tooLong ? m.validation_message_too_long() : null}
          />
          {error ? <Notice tone="error">{error}</Notice> : null}
          <div className="flex flex-col gap-2">
            <Button type="submit" block loading={request.isPending}>
              <Banknote aria-hidden className="size-5" />
              {m.cash_request_send()}
            </Button>
            <Button variant="ghost" block onClick={() => setOpen(false)}>
              {m.common_cancel()}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" block onClick={() => setOpen(true)}>
          <Banknote aria-hidden className="size-5" />
          {m.cash_request_title()}
        </Button>
      )}
    </div>
  );
}

/** The player's name as lists show it. */
const nameOfRow = (p: Participation) => p.player?.firstName ?? p.firstName ?? "";

/** Allowing (PaidExternally) and declining a cash request, with the confirmation as a toast. */
function useCashDecision(game: TGame) {
  const refresh = useGameRefresh(game.id);
  const allow = useMutation(trpc.participation.update.mutationOptions());
  const decline = useMutation(trpc.participation.declineCash.mutationOptions());
  async function run(action: () => Promise<unknown>, done: string, onDone?: () => void) {
    try {
      await action();
      onDone?.();
      showToast(done);
      await refresh();
    } catch {
      // shown by the caller
    }
  }
  return {
    allow: (p: Participation, onDone?: () => void) =>
      run(() => allow.mutateAsync({ participationId: p.id, paymentStatus: "PaidExternally" }), m.toast_cash_allowed({ name: nameOfRow(p) }), onDone),
    decline: (p: Participation, onDone?: () => void) => run(() => decline.mutateAsync({ participationId: p.id }), m.toast_cash_declined({ name: nameOfRow(p) }), onDone),
    allowing: allow.isPending ? allow.variables?.participationId : undefined,
    declining: decline.isPending ? decline.variables?.participationId : undefined,
    failed: allow.isError ? allow.error : decline.isError ? decline.error : null,
  };
}

/**
 * The organiser's cash decision in the player actions modal (spec 000 sections 4, 6): an Open payment
 * (to pay, requested or declined) may be allowed as cash (PaidExternally), also after a decline; a
 * pending request may be declined. The player's message is shown with the request.
 */
export function CashDecision({ game, participation, onDone }: { game: TGame; participation: Participation; onDone: () => void }) {
  const decision = useCashDecision(game);
  const code = participation.paymentCode;
  if (!game.isManagedPayment || game.cancelledAt || (code !== "TP" && code !== "RE" && code !== "DE")) return null;
  return (
    <div data-testid="cash-decision" className="space-y-3 border-b border-slate-200 pb-5">
      <div className="flex items-center gap-2">
        <h3 className="text-[17px] font-bold text-slate-900">{m.cash_decision_title()}</h3>
        <PaymentCodeBadge code={code} />
      </div>
      {code === "RE" ? (
        <div className="rounded-2xl bg-sky-50 p-3.5 text-sky-950 ring-1 ring-sky-200">
          <p className="text-[15px] font-bold">{m.cash_request_from()}</p>
          {participation.externalPaymentMessage ? (
            <p className="mt-1 text-[15px] leading-snug break-words whitespace-pre-line">„{participation.externalPaymentMessage}“</p>
          ) : null}
        </div>
      ) : null}
      {decision.failed ? <Notice tone="error">{errorMessage(decision.failed)}</Notice> : null}
      <div className="flex flex-col gap-2">
        <Button block loading={decision.allowing === participation.id} onClick={() => void decision.allow(participation, onDone)}>
          <Check aria-hidden className="size-5" />
          {m.cash_allow()}
        </Button>
        {code === "RE" ? (
          <Button variant="danger" block loading={decision.declining === participation.id} onClick={() => void decision.decline(participation, onDone)}>
            <X aria-hidden className="size-5" />
            {m.cash_decline()}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * At the top of the organiser's game page (issue 23 item 15): every cash request waiting for an answer,
 * with the player's message and both ways (allow, decline), so a request is seen without opening each
 * player's actions.
 */
export function CashRequestsNotice({ game }: { game: TGame }) {
  const decision = useCashDecision(game);
  const waiting = game.participations.filter((p) => p.paymentCode === "RE");
  if (!game.viewer.canManage || !game.isManagedPayment || game.cancelledAt || waiting.length === 0) return null;
  return (
    <section aria-labelledby="cash-requests" data-testid="cash-requests" className="rounded-3xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-sky-600 text-white">
          <Banknote aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="cash-requests" className="text-[17px] font-extrabold">
            {m.cash_requests_title()}
          </h2>
          <p className="mt-0.5 text-[14px] leading-snug">{m.cash_requests_text()}</p>
        </div>
      </div>
      {decision.failed ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(decision.failed)}</Notice>
        </div>
      ) : null}
      <ul className="mt-3 space-y-2">
        {waiting.map((p) => (
          <li key={p.id} className="rounded-2xl bg-white p-3 ring-1 ring-sky-200">
            <p className="text-[15px] font-bold">{m.cash_request_row({ name: nameOfRow(p) })}</p>
            {p.externalPaymentMessage ? <p className="mt-1 text-[15px] leading-snug break-words whitespace-pre-line">„{p.externalPaymentMessage}“</p> : null}
            <div className="mt-2 grid grid-cols-2 gap-2">
              <Button loading={decision.allowing === p.id} onClick={() => void decision.allow(p)}>
                <Check aria-hidden className="size-4" />
                {m.cash_allow()}
              </Button>
              <Button variant="outline" loading={decision.declining === p.id} onClick={() => void decision.decline(p)}>
                <X aria-hidden className="size-4" />
                {m.cash_decline()}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
