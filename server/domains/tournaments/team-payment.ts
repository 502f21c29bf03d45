import { feePercentageOf, participationFeeCents } from "@shared/rules/fees";
import { paymentStatementSuffix, tournamentPaymentDescription } from "@shared/rules/payment-description";
import type { TTeamPayment } from "@shared/schemas/tournament-teams";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { TeamPaymentReleaseJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import type { PaymentReaction } from "../payments/events";
import {
  checkoutOf,
  findPayment,
  paymentClientSecret,
  giveBackPayment,
  requirePayment,
  startPayment,
  type PaymentRow,
} from "../payments/service";
import { findUser } from "../users/service";
import { queueInvoiceCancellation, queueTournamentInvoice } from "./invoices";
import * as repo from "./repo";
import type { TournamentRow } from "./repo";
import { fillPlaces, payProblem, requireTeam, tellOrganiser, type Team } from "./teams";

/**
 * A team's entry fee (spec 001 sections 2.10, 4; server/domains/tournaments/README.md "Who pays whom"): one payment
 * intent per attempt through the payments module, captured at once, the platform's fee as for one game
 * participation, the rest to the organiser's connected account (an admin without one: the platform keeps it all).
 * The payment's word makes the team Paid (`teamPaymentReaction`); money the team is no longer owed goes back through
 * the `tournament-team-payment-release` job.
 */

/** Where the payment page returns to: the tournament's page, which waits and reads the team again (spec 001 section 2.10). */
export function teamPaymentReturnUrl(deps: Pick<Deps, "config">, tournamentId: number, participationId: number): string {
  return `${deps.config.publicUrl}/tournament/${tournamentId}?returned=1&tpid=${participationId}`;
}

/**
 * Where a tournament's money goes: the organiser's connected account when it can take charges; for an admin without
 * one, nowhere (the platform keeps it, fee 0); a priced tournament of anybody else cannot take payments
 * (TOURNAMENT_PAYMENTS_NOT_READY; publishing refuses it before).
 */
export async function tournamentDestination(db: Deps["db"] | Tx, t: Pick<TournamentRow, "organizerId">): Promise<{ accountId: string | null }> {
  const organiser = await findUser(db, t.organizerId);
  if (organiser?.stripeAccountId && organiser.paymentChargesEnabled) return { accountId: organiser.stripeAccountId };
  if (organiser?.isAdmin) return { accountId: null };
  throw new AppError("TOURNAMENT_PAYMENTS_NOT_READY");
}

/** Intent statuses a customer can still pay (its client secret is offered again). */
const PAYABLE = new Set<PaymentRow["status"]>(["requires_payment_method", "requires_confirmation", "requires_action"]);

/**
 * The team's payment: the open intent of its current attempt when its amount is still the team's, else a new
 * attempt (an older open intent is given up). Under the tournament's and the team's locks.
 */
export async function startTeamPayment(deps: Deps, teamId: number): Promise<TTeamPayment> {
  return deps.db.transaction(async (tx) => {
    const peek = await repo.findTeam(tx, teamId);
    const t = peek && (await repo.lockTournament(tx, peek.tournamentId));
    const team = t && (await repo.findTeam(tx, teamId, true));
    if (!t || !team) throw new AppError("TOURNAMENT_TEAM_NOT_FOUND");
    const problem = payProblem(team, t, deps.clock.now());
    if (problem) throw new AppError(problem);
    const destination = await tournamentDestination(tx, t);
    const returnUrl = teamPaymentReturnUrl(deps, t.id, team.id);
    if (team.paymentId !== null) {
      const current = await requirePayment(deps, team.paymentId);
      if (current.attempt === team.paymentAttempts && current.amountCents === team.amountCents && PAYABLE.has(current.status)) {
        const clientSecret = await paymentClientSecret(deps, current.id);
        return paymentOf(deps, team, { intentId: current.stripePaymentIntentId, clientSecret }, returnUrl);
      }
      // paid meanwhile (the webhook is on its way) or being confirmed: no second charge
      if (current.status === "succeeded" || current.status === "processing") throw new AppError("TEAM_NOTHING_TO_PAY");
      await supersedePayment(deps, tx, team);
    }
    const feePercentage = feePercentageOf(await organization(tx, t));
    const attempt = team.paymentAttempts + 1;
    const started = await startPayment(deps, tx, {
      purpose: "tournament",
      subjectId: team.id,
      payerUserId: team.userId,
      destinationAccountId: destination.accountId,
      amountCents: team.amountCents,
      // one team is one participation for the fee rule (shared/rules/fees.ts); nothing when the platform keeps it all
      applicationFeeCents: destination.accountId === null ? 0 : participationFeeCents({ priceCents: team.amountCents, feePercentage }),
      captureMethod: "automatic",
      attempt,
      description: tournamentPaymentDescription({ tournamentName: t.name, teamName: team.teamName, startTime: t.startTime }),
      statementDescriptorSuffix: paymentStatementSuffix(t.startTime),
    });
    const updated = await repo.updateTeam(tx, team.id, { paymentId: started.paymentId, paymentAttempts: attempt, updatedAt: deps.clock.now() });
    return paymentOf(deps, updated, { intentId: started.intentId, clientSecret: started.clientSecret }, returnUrl);
  });
}

async function organization(tx: Tx, t: TournamentRow) {
  const p = await repo.organizationFeePercentage(tx, t.organizationId);
  return p === null ? null : { gameApplicationFeePercentage: p };
}

function paymentOf(deps: Deps, team: Team, intent: { intentId: string; clientSecret: string }, returnUrl: string): TTeamPayment {
  return { participationId: team.id, amountCents: team.amountCents, clientSecret: intent.clientSecret, ...checkoutOf(deps, intent, returnUrl) };
}

/** The client secret of the team's open intent of its current attempt and amount, else null (read from Stripe). */
export async function openClientSecret(deps: Deps, team: Team): Promise<string | null> {
  if (team.paymentId === null || !deps.payments) return null;
  const current = await findPayment(deps, team.paymentId);
  if (!current || current.attempt !== team.paymentAttempts || current.amountCents !== team.amountCents || !PAYABLE.has(current.status)) return null;
  return paymentClientSecret(deps, current.id);
}

/** pay: the team's registrant pays its fee (Open, holding a place, data complete, something to pay, tournament neither cancelled nor over). */
export async function pay(ctx: Ctx, participationId: number): Promise<TTeamPayment> {
  await requireTeam(ctx, ctx.deps.db, participationId, "owner", false);
  return startTeamPayment(ctx.deps, participationId);
}

/** The team's current payment is given up (a new amount, a cancellation): its job cancels it or, if it was paid, refunds it. */
export async function supersedePayment(deps: Deps, tx: Tx, team: Team): Promise<void> {
  if (team.paymentId !== null) await deps.jobs.send("tournament-team-payment-release", { participationId: team.id, paymentId: team.paymentId }, {}, tx);
}

/** Whether the team is still owed what this payment holds: its current payment, the team active in a tournament that takes place. */
const keepsPayment = (team: Team, t: TournamentRow, paymentId: number) =>
  team.paymentId === paymentId && team.cancelledAt === null && t.cancelledAt === null && (team.paymentStatus === "Open" || team.paymentStatus === "Paid");

/**
 * Inside the mirror's transaction (wired in domains/reactions.ts): the team's current payment succeeded while it is
 * Open → Paid (a business team's invoice is asked for); a payment that succeeded for a team no longer owed it
 * (cancelled, superseded, tournament cancelled) goes back through the release job. A refund of a Paid team's
 * payment that we did not make (ours mark the team Refunded first) → Refunded, its place is free, the organiser is told.
 */
export function teamPaymentReaction(deps: Deps): PaymentReaction {
  return async (tx, change) => {
    const { payment, before } = change;
    if (payment.purpose !== "tournament") return;
    const succeeded = payment.status === "succeeded" && before.status !== "succeeded";
    const refunded = payment.amountRefundedCents > before.amountRefundedCents;
    if (!succeeded && !refunded) return;
    const peek = await repo.findTeam(tx, payment.subjectId);
    if (!peek) return;
    const t = (await repo.lockTournament(tx, peek.tournamentId))!;
    let team = (await repo.findTeam(tx, peek.id, true))!;
    const now = deps.clock.now();
    if (succeeded) {
      if (keepsPayment(team, t, payment.id) && team.paymentStatus === "Open") {
        team = await repo.updateTeam(tx, team.id, { paymentStatus: "Paid", paidAt: now, updatedAt: now });
        if (t.business) await queueTournamentInvoice(deps, tx, team.id);
      } else if (!keepsPayment(team, t, payment.id)) {
        await deps.jobs.send("tournament-team-payment-release", { participationId: team.id, paymentId: payment.id }, {}, tx);
      }
    }
    if (refunded && team.paymentId === payment.id && team.paymentStatus === "Paid") {
      team = await repo.updateTeam(tx, team.id, { paymentStatus: "Refunded", refundedAt: now, updatedAt: now });
      if (t.business) await queueInvoiceCancellation(deps, tx, team.id);
      await tellOrganiser(deps, tx, t, team, "tournament-refunded-outside", payment.amountRefundedCents);
      await fillPlaces(deps, tx, t, now);
    }
  };
}

/**
 * The job `tournament-team-payment-release`: a payment the team is no longer owed is cancelled when unpaid (its
 * checkout page can no longer take money) or refunded in full with the platform's fee; once per payment (the payments
 * module's idempotency keys). The team's own payment, still owed, stays.
 */
export async function handleTeamPaymentRelease(deps: Deps, job: TeamPaymentReleaseJob): Promise<void> {
  const payment = await findPayment(deps, job.paymentId);
  if (!payment || payment.purpose !== "tournament" || payment.subjectId !== job.participationId) return;
  const team = await repo.findTeam(deps.db, job.participationId);
  const t = team && (await repo.findTournament(deps.db, team.tournamentId));
  if (team && t && keepsPayment(team, t, payment.id)) return;
  await giveBackPayment(deps, payment.id, { participationId: job.participationId });
}
