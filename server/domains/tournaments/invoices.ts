import { berlinDay } from "@shared/rules/berlin-time";
import { invoiceNumber, vatIncluded } from "@shared/rules/invoice";
import { TOURNAMENT } from "@shared/schemas/tournaments";
import type { Ctx, Deps } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { TournamentInvoiceCancellationJob, TournamentInvoiceJob } from "../../jobs/definitions";
import { newKey, storageFor, type StoredFile } from "../../integrations/storage";
import { AppError } from "../../lib/errors";
import { platformParty } from "../../lib/pdf";
import type { MailTemplate } from "../../integrations/mail/templates";
import { enqueueMail } from "../notifications/outbox";
import * as repo from "./invoice-repo";
import { renderInvoicePdf, type InvoiceSnapshot } from "./invoice-pdf";

/**
 * Invoices of business tournaments (spec 001 sections 2.10, 9; issue 25; decisions in this folder's README): a paid
 * team of a business tournament gets one invoice, issued by the `tournament-invoice` job (queued in the transaction
 * that marks the team Paid or PaidExternally, so a rolled-back payment leaves no job), stored as a PDF, mailed with
 * it attached, and downloaded at `invoicePath(participationId)` by the team's user, the organiser and admins. When
 * such a team's money goes back (Refunded), its invoice is cancelled by a cancellation invoice ("Stornorechnung",
 * README "Refund after invoicing"): the `tournament-invoice-cancellation` job, queued in the refund's transaction,
 * issues it like an invoice, downloaded at `cancellationInvoicePath(participationId)`.
 */

/** Where an issued invoice's PDF is downloaded (server/http/tournament-invoices.ts). */
export function invoicePath(participationId: number): string {
  return `/api/tournament-invoices/${participationId}.pdf`;
}

/** Where a team's cancellation invoice is downloaded (beside the invoice, same access). */
export function cancellationInvoicePath(participationId: number): string {
  return `/api/tournament-invoices/${participationId}-storno.pdf`;
}

/**
 * Asks for the team's invoice, in the caller's transaction. Harmless for a team that needs none or has one already:
 * the job decides from the rows as they are when it runs (one key per participation, and the job is idempotent).
 */
export async function queueTournamentInvoice(deps: Pick<Deps, "jobs">, tx: Tx, participationId: number): Promise<void> {
  const data: TournamentInvoiceJob = { participationId };
  await deps.jobs.send("tournament-invoice", data, { singletonKey: `tournament-invoice:${participationId}` }, tx);
}

/**
 * Asks for the cancellation invoice of the team's invoice, in the transaction that makes the team Refunded (the
 * settlement of an ending, a refund made outside the app). Harmless for a team without an invoice: the job decides
 * from the rows as they are when it runs (one key per participation, and the job is idempotent).
 */
export async function queueInvoiceCancellation(deps: Pick<Deps, "jobs">, tx: Tx, participationId: number): Promise<void> {
  const data: TournamentInvoiceCancellationJob = { participationId };
  await deps.jobs.send("tournament-invoice-cancellation", data, { singletonKey: `tournament-invoice-cancellation:${participationId}` }, tx);
}

/** A team's download paths (ZMyTeam): its invoice, and its cancellation invoice once issued (else null). */
export type InvoiceUrls = { invoiceUrl: string; cancellationInvoiceUrl: string | null };

/** The download paths of each participation that has an invoice (ZMyTeam.invoiceUrl and cancellationInvoiceUrl). */
export async function invoiceUrlsFor(db: DbOrTx, participationIds: number[]): Promise<Map<number, InvoiceUrls>> {
  const urls = new Map<number, InvoiceUrls>();
  for (const { participationId: id, cancelled } of await repo.invoicedTeams(db, participationIds)) {
    urls.set(id, { invoiceUrl: invoicePath(id), cancellationInvoiceUrl: cancelled ? cancellationInvoicePath(id) : null });
  }
  return urls;
}

/** The job: issues, stores and mails the invoice of a paid business team that has none yet. */
export async function handleTournamentInvoice(deps: Deps, job: TournamentInvoiceJob): Promise<void> {
  await issueTournamentInvoice(deps, job.participationId);
}

/** The job: issues, stores and mails the cancellation invoice of a refunded team's invoice, unless it has one. */
export async function handleTournamentInvoiceCancellation(deps: Deps, job: TournamentInvoiceCancellationJob): Promise<void> {
  await issueInvoiceCancellation(deps, job.participationId);
}

/**
 * Issues the invoice of one team, once: a business tournament's team that is Paid or PaidExternally, with an amount
 * and its invoice data, and no invoice yet; anything else is left as it is (null). In one transaction under the team's
 * row lock: the year's next number (gapless, invoice-repo.ts takeInvoiceSequence), the PDF stored (before the row that
 * names it commits), the row, and the mail with the PDF attached queued (mailedAt: handed to the mail queue).
 */
export async function issueTournamentInvoice(deps: Deps, participationId: number): Promise<repo.TournamentInvoiceRow | null> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockTeamForInvoice(tx, participationId);
    if (!found) return null;
    const { team, tournament } = found;
    if (!tournament.business || (team.paymentStatus !== "Paid" && team.paymentStatus !== "PaidExternally")) return null;
    const existing = await repo.invoiceOfTeam(tx, participationId);
    if (existing) return existing;
    if (team.amountCents <= 0) return null;
    const { invoiceCompanyName: company, invoiceLine1: line1, invoicePostalCode: postalCode, invoiceTown: town, invoiceCountry: country } = team;
    if (!company || !line1 || !postalCode || !town || !country) {
      // Only a team marked paid in cash can get here without invoice data (online payment waits for it): completing
      // the data queues the job again.
      deps.logger.warn("tournament invoice waits for the team's invoice data", { participationId });
      return null;
    }

    const now = deps.clock.now();
    const year = Number(berlinDay(now).slice(0, 4));
    const sequence = await repo.takeInvoiceSequence(tx, year);
    const number = invoiceNumber(year, sequence);
    const amounts = vatIncluded(team.amountCents, TOURNAMENT.vatPercent);
    const platform = platformParty(deps);
    const perPlayer = tournament.pricePerPlayer && team.playerCount > 0 && team.amountCents % team.playerCount === 0;
    const snapshot: InvoiceSnapshot = {
      number,
      language: team.language,
      issuedAt: now.toISOString(),
      paidAt: (team.paidAt ?? now).toISOString(),
      seller: found.organizationName ? { name: found.organizationName, lines: [], vatId: null } : platform,
      issuer: found.organizationName ? platform : null,
      buyer: { company, line1, line2: team.invoiceLine2, postalCode, town, country, hint: team.invoiceHint },
      item: {
        tournament: tournament.name,
        startTime: tournament.startTime.toISOString(),
        endTime: tournament.endTime.toISOString(),
        place: tournament.locationName ?? found.courtName,
        team: team.teamName,
        players: perPlayer ? team.playerCount : null,
        unitCents: perPlayer ? team.amountCents / team.playerCount : null,
      },
      ...amounts,
      vatPercent: TOURNAMENT.vatPercent,
      paidExternally: team.paymentStatus === "PaidExternally",
    };
    const invoice = await storeAndMail(deps, tx, snapshot, {
      participationId,
      tournamentId: tournament.id,
      year,
      sequence,
      number,
      issuedAt: now,
      paidAt: team.paidAt ?? now,
      ...amounts,
      vatPercent: TOURNAMENT.vatPercent,
    }, {
      to: team.invoiceEmail ?? team.email,
      template: {
        name: "tournament-invoice",
        data: { firstName: team.firstName, tournament: tournament.name, team: team.teamName, number, link: `${deps.config.publicUrl}/tournament/${tournament.id}` },
      },
    });
    deps.logger.info("tournament invoice issued", { participationId, number });
    return invoice;
  });
}

/**
 * The steps every invoice and cancellation invoice share, in the transaction that took its number: the PDF stored
 * (before the row that names it commits: a rollback after this leaves an unnamed file, never a row without its file),
 * the row, and the mail with the PDF attached queued in the same transaction (mailedAt: handed to the mail queue).
 */
async function storeAndMail(
  deps: Deps,
  tx: Tx,
  snapshot: InvoiceSnapshot,
  row: Omit<repo.NewTournamentInvoice, "snapshot" | "storageKey" | "mailedAt">,
  mail: { to: string; template: Extract<MailTemplate, { name: "tournament-invoice" | "tournament-invoice-cancellation" }> },
): Promise<repo.TournamentInvoiceRow> {
  const storageKey = newKey("tournament-invoices", "pdf");
  await storageFor(deps.config).put(storageKey, await renderInvoicePdf(snapshot), "application/pdf");
  const invoice = await repo.insertInvoice(tx, { ...row, snapshot, storageKey });
  await enqueueMail(
    deps,
    { to: mail.to, language: snapshot.language, template: mail.template, attachments: [{ filename: `${snapshot.number}.pdf`, contentType: "application/pdf", storageKey }] },
    tx,
  );
  const now = row.issuedAt;
  await repo.markInvoiceMailed(tx, invoice.id, now);
  return { ...invoice, mailedAt: now };
}

/**
 * Issues the cancellation invoice ("Stornorechnung") of a refunded team's invoice, once (README "Refund after
 * invoicing"): a team that is Refunded and has an invoice without a cancellation; anything else is left as it is
 * (null; a cash team cancelled by the organiser stays PaidExternally and keeps its invoice). Under the team's row lock,
 * like the invoice: the next number of the same yearly counter, the original's amounts (stored positive, printed
 * negative), its buyer and line as printed, the original's number and date, the reason and the refund date; stored,
 * mailed with the PDF to the invoice address, downloadable at `cancellationInvoicePath`.
 */
export async function issueInvoiceCancellation(deps: Deps, participationId: number): Promise<repo.TournamentInvoiceRow | null> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockTeamForInvoice(tx, participationId);
    if (!found || found.team.paymentStatus !== "Refunded") return null;
    const { team, tournament } = found;
    const original = await repo.invoiceOfTeam(tx, participationId);
    if (!original) return null;
    const existing = await repo.cancellationOf(tx, original.id);
    if (existing) return existing;

    const now = deps.clock.now();
    const year = Number(berlinDay(now).slice(0, 4));
    const sequence = await repo.takeInvoiceSequence(tx, year);
    const number = invoiceNumber(year, sequence);
    const printed = original.snapshot as InvoiceSnapshot;
    const snapshot: InvoiceSnapshot = {
      ...printed,
      number,
      issuedAt: now.toISOString(),
      cancels: { number: original.number, issuedAt: original.issuedAt.toISOString(), refundedAt: (team.refundedAt ?? now).toISOString() },
    };
    const cancellation = await storeAndMail(deps, tx, snapshot, {
      participationId,
      tournamentId: original.tournamentId,
      year,
      sequence,
      number,
      issuedAt: now,
      paidAt: original.paidAt,
      netCents: original.netCents,
      vatCents: original.vatCents,
      grossCents: original.grossCents,
      vatPercent: original.vatPercent,
      cancelsInvoiceId: original.id,
    }, {
      to: team.invoiceEmail ?? team.email,
      template: {
        name: "tournament-invoice-cancellation",
        data: { firstName: team.firstName, tournament: tournament.name, team: team.teamName, number, cancels: original.number, link: `${deps.config.publicUrl}/tournament/${tournament.id}` },
      },
    });
    deps.logger.info("tournament invoice cancelled", { participationId, number, cancels: original.number });
    return cancellation;
  });
}

/**
 * A team's invoice PDF (`kind` "invoice") or its cancellation invoice ("cancellation") for download: for the team's
 * user, the tournament's organiser and admins. Everybody else, a visitor, and a team without such a document get the
 * same NOT_FOUND, so ids cannot be probed for invoices.
 */
export async function invoiceDownload(ctx: Ctx, participationId: number, kind: "invoice" | "cancellation" = "invoice"): Promise<{ number: string; file: StoredFile }> {
  const viewer = ctx.viewer;
  const found = viewer ? await repo.invoiceAccess(ctx.deps.db, participationId, kind) : null;
  if (!viewer || !found || !(viewer.isAdmin || viewer.userId === found.organizerId || (found.teamUserId !== null && viewer.userId === found.teamUserId))) {
    throw new AppError("NOT_FOUND");
  }
  const file = await storageFor(ctx.deps.config).get(found.storageKey);
  if (!file) {
    ctx.deps.logger.error("tournament invoice file missing in storage", { participationId, key: found.storageKey });
    throw new AppError("NOT_FOUND");
  }
  return { number: found.number, file };
}
