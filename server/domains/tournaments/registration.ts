// the full metadata: the default "min" set accepts numbers too short to exist (0151 12)
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { z } from "zod";
import type { FieldIssue } from "@shared/errors";
import type {
  TMyTeam,
  TRegisterTeamResult,
  ZCompleteRegistrationInput,
  ZRegisterTeamInput,
  ZUpdateRegistrationInput,
} from "@shared/schemas/tournament-teams";
import type { TTournamentParticipation } from "@shared/schemas/tournaments";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { requireViewer } from "../auth/viewer";
import { createPasswordlessAccount, signInNewAccount } from "../accounts/service";
import { findUser } from "../users/service";
import { invoiceUrlsFor } from "./invoices";
import * as repo from "./repo";
import type { TournamentRow } from "./repo";
import { openClientSecret, startTeamPayment, supersedePayment } from "./team-payment";
import { dataComplete, managesTournament, payProblem, presentTeam, requireTeam, toMyTeam, waitingPositions, type Team } from "./teams";

/**
 * Registering a team and its data (spec 001 sections 2.10, 3, 5, 7; server/domains/tournaments/README.md
 * "Registration and accounts", "Waiting list and promotion"): `register`, `myTeams`, `completeRegistration`,
 * `updateRegistration`.
 */

/** An international number (default country DE) in E.164, or a field error `phone_invalid`. */
export function phoneE164(value: string, path = "phoneNumber"): string {
  const parsed = parsePhoneNumberFromString(value, "DE");
  if (!parsed?.isValid()) throw new AppError("VALIDATION", { fields: [{ path, code: "phone_invalid" }] });
  return parsed.format("E.164");
}

/**
 * The player count a registration pays for: required when the price is per player (from the game mode up to
 * maxPlayers, spec 001 section 5), otherwise 1.
 */
function playerCountFor(t: TournamentRow, given: number | undefined): number {
  if (!t.pricePerPlayer) {
    if (given !== undefined && given !== 1) throw new AppError("VALIDATION", { fields: [{ path: "playerCount", code: "player_count_invalid" }] });
    return 1;
  }
  if (given === undefined) throw new AppError("VALIDATION", { fields: [{ path: "playerCount", code: "player_count_required" }] });
  if (given < t.gameMode || given > t.maxPlayers) {
    throw new AppError("VALIDATION", { fields: [{ path: "playerCount", code: "player_count_invalid", params: { min: t.gameMode, max: t.maxPlayers } }] });
  }
  return given;
}

/** What a team owes in gross cents: the price, times the players when it is per player. */
export const teamAmountCents = (t: Pick<TournamentRow, "participationPriceCents" | "pricePerPlayer">, playerCount: number) =>
  t.participationPriceCents * (t.pricePerPlayer ? playerCount : 1);

/** Registration is open for a published tournament that is neither cancelled nor started. */
function refuseClosed(ctx: Ctx, t: TournamentRow | null, now: Date): asserts t is TournamentRow {
  if (!t || (t.publishedAt === null && !managesTournament(ctx.viewer, t))) throw new AppError("TOURNAMENT_NOT_FOUND");
  if (t.publishedAt === null || t.cancelledAt !== null || t.startTime.getTime() <= now.getTime()) throw new AppError("TOURNAMENT_REGISTRATION_CLOSED");
}

const TEAM_NAME_TAKEN = () => new AppError("TEAM_NAME_TAKEN", { fields: [{ path: "teamName", code: "team_name_taken" }] });

/**
 * register: a team for a published tournament that has not started. Signed in, names and e-mail come from the
 * account; anonymous, they are required, an address with an account answers EMAIL_IN_USE (the client opens the
 * sign-in modal) and an unknown one gets a new password-less account, signed in on this request and mailed a link
 * to set its password. A full tournament puts the team on the waiting list (under the tournament's lock, so two
 * registrations never both take the last place). A team that can pay at once gets its payment.
 */
export async function register(ctx: Ctx, input: z.output<typeof ZRegisterTeamInput>): Promise<TRegisterTeamResult> {
  const now = ctx.deps.clock.now();
  refuseClosed(ctx, await repo.findTournament(ctx.deps.db, input.tournamentId), now);
  const phoneNumber = phoneE164(input.phoneNumber);
  const account = ctx.viewer ? await findUser(ctx.deps.db, ctx.viewer.userId) : null;
  if (ctx.viewer && (!account || account.deletedAt)) throw new AppError("UNAUTHENTICATED");
  let contact: { firstName: string; lastName: string; email: string };
  if (account) {
    // an account may lack a last name (it is optional there): then the form's is needed
    const lastName = account.lastName || input.lastName;
    if (!lastName) throw new AppError("VALIDATION", { fields: [{ path: "lastName", code: "last_name_required" }] });
    contact = { firstName: account.firstName, lastName, email: account.email };
  } else {
    const missing: FieldIssue[] = [];
    if (!input.firstName) missing.push({ path: "firstName", code: "first_name_required" });
    if (!input.lastName) missing.push({ path: "lastName", code: "last_name_required" });
    if (!input.email) missing.push({ path: "email", code: "email_required" });
    if (missing.length > 0) throw new AppError("VALIDATION", { fields: missing });
    contact = { firstName: input.firstName!, lastName: input.lastName!, email: input.email!.toLowerCase() };
  }
  const language = input.applicationLanguage ?? account?.applicationLanguage ?? "de";

  const { team, createdUserId } = await ctx.deps.db.transaction(async (tx) => {
    const t = await repo.lockTournament(tx, input.tournamentId);
    refuseClosed(ctx, t, now);
    const playerCount = playerCountFor(t, input.playerCount);
    if (await repo.teamNameTaken(tx, t.id, input.teamName)) throw TEAM_NAME_TAKEN();
    let userId = account?.id ?? null;
    let createdUserId: number | null = null;
    if (userId === null) {
      createdUserId = await createPasswordlessAccount(ctx, tx, { ...contact, language, regionId: t.regionId, returnPath: `/tournament/${t.id}` });
      if (createdUserId === null) throw new AppError("EMAIL_IN_USE");
      userId = createdUserId;
    }
    const queue = (await repo.teamAmount(tx, t.id)) >= t.maxTeams;
    const team = await repo.insertTeam(tx, {
      tournamentId: t.id,
      userId,
      teamName: input.teamName,
      playerCount,
      amountCents: teamAmountCents(t, playerCount),
      ...contact,
      phoneNumber,
      queue,
      language,
      createdAt: now,
      updatedAt: now,
    });
    return { team, createdUserId };
  });
  if (createdUserId !== null) await signInNewAccount(ctx, createdUserId);
  ctx.deps.logger.info("tournament team registered", { tournamentId: team.tournamentId, participationId: team.id, queue: team.queue });

  const t = (await repo.findTournament(ctx.deps.db, team.tournamentId))!;
  const payment = payProblem(team, t, now) === null ? await startTeamPayment(ctx.deps, team.id).catch((e: unknown) => {
    // the team is registered either way; the page offers "pay" again and shows the reason there
    if (e instanceof AppError) return null;
    throw e;
  }) : null;
  const viewer = ctx.viewer ?? { userId: team.userId!, isAdmin: false, sessionId: "", sessionExpiresAt: now };
  return {
    participation: await presentTeam({ ...ctx, viewer }, team.id),
    payment,
    accountCreated: createdUserId !== null,
    newUserPassword: null,
  };
}

/** myTeams: the viewer's teams of a tournament (none when signed out), active ones first. */
export async function myTeams(ctx: Ctx, tournamentId: number): Promise<TMyTeam[]> {
  if (!ctx.viewer) return [];
  const t = await repo.findTournament(ctx.deps.db, tournamentId);
  if (!t || (t.publishedAt === null && !managesTournament(ctx.viewer, t))) throw new AppError("TOURNAMENT_NOT_FOUND");
  const rows = await repo.teamsOfUser(ctx.deps.db, t.id, ctx.viewer.userId);
  if (rows.length === 0) return [];
  const positions = rows.some((r) => r.queue) ? waitingPositions(await repo.participationsOf(ctx.deps.db, t.id)) : new Map<number, number>();
  const urls = await invoiceUrlsFor(ctx.deps.db, rows.map((r) => r.id));
  const now = ctx.deps.clock.now();
  return rows.map((r) => toMyTeam(ctx.viewer, r, t, now, positions.get(r.id) ?? null, urls.get(r.id) ?? null));
}

/** The signed-in account's teams (spec 001 section 3, the account's `teams`): every team they registered, of any tournament. */
export function accountTeams(ctx: Ctx) {
  return repo.teamsRegisteredBy(ctx.deps.db, requireViewer(ctx).userId);
}

/** Whether the signed-in account has a phone number on file (spec 001 section 3, `hasPhoneNumber`). */
export function accountHasPhoneNumber(ctx: Ctx) {
  return repo.userHasPhoneNumber(ctx.deps.db, requireViewer(ctx).userId);
}

function refuseCancelled(team: Team) {
  if (team.cancelledAt !== null) throw new AppError("TEAM_CANCELLED");
}

/** completeRegistration: a team's invoice data (asked before payment in business tournaments), by its registrant, the organiser or an admin. */
export async function completeRegistration(ctx: Ctx, input: z.output<typeof ZCompleteRegistrationInput>): Promise<TMyTeam> {
  const { participationId, ...invoice } = input;
  await ctx.deps.db.transaction(async (tx) => {
    const { team } = await requireTeam(ctx, tx, participationId, "owner-or-manager", true);
    refuseCancelled(team);
    await repo.updateTeam(tx, team.id, { ...invoice, updatedAt: ctx.deps.clock.now() });
  });
  return presentTeam(ctx, participationId);
}

/**
 * updateRegistration: contact data, by the registrant, the organiser or an admin, until the end. The player count
 * (per-player prices) changes only while the team is Open: the amount follows it, and an intent of the old amount
 * is given up (the next `pay` starts a new attempt).
 */
export async function updateRegistration(ctx: Ctx, input: z.output<typeof ZUpdateRegistrationInput>): Promise<TMyTeam> {
  const now = ctx.deps.clock.now();
  const phoneNumber = input.phoneNumber === undefined ? undefined : phoneE164(input.phoneNumber);
  await ctx.deps.db.transaction(async (tx) => {
    const { team, t } = await requireTeam(ctx, tx, input.participationId, "owner-or-manager", true);
    refuseCancelled(team);
    if (t.endTime.getTime() <= now.getTime()) throw new AppError("TOURNAMENT_OVER");
    const changes: repo.TeamChanges = { updatedAt: now };
    if (input.teamName !== undefined && input.teamName !== team.teamName) {
      if (await repo.teamNameTaken(tx, t.id, input.teamName, team.id)) throw TEAM_NAME_TAKEN();
      changes.teamName = input.teamName;
    }
    if (input.firstName !== undefined) changes.firstName = input.firstName;
    if (input.lastName !== undefined) changes.lastName = input.lastName;
    if (phoneNumber !== undefined) changes.phoneNumber = phoneNumber;
    if (input.playerCount !== undefined && input.playerCount !== team.playerCount) {
      if (team.paymentStatus !== "Open") throw new AppError("TEAM_PLAYER_COUNT_LOCKED");
      const playerCount = playerCountFor(t, input.playerCount);
      changes.playerCount = playerCount;
      changes.amountCents = teamAmountCents(t, playerCount);
      if (changes.amountCents !== team.amountCents && team.paymentId !== null) {
        await supersedePayment(ctx.deps, tx, team);
        changes.paymentId = null;
      }
    }
    await repo.updateTeam(tx, team.id, changes);
  });
  return presentTeam(ctx, input.participationId);
}

/** team: one team by id for its registrant, the organiser or an admin (the payment return reads it by `tpid`). */
export async function team(ctx: Ctx, participationId: number): Promise<TMyTeam> {
  await requireTeam(ctx, ctx.deps.db, participationId, "owner-or-manager", false);
  return presentTeam(ctx, participationId);
}

/**
 * A team in the old API's shape (GraphQL TournamentParticipation, spec 001 section 3): with `dataComplete` and, for
 * its registrant only, the client secret of its open payment (`paymentIntentClientSecret`; null for anybody else,
 * when nothing is open, or when the amount changed since). `clientSecret` is the one just created, if any.
 */
export async function wrapperParticipation(
  ctx: Ctx,
  participationId: number,
  clientSecret?: string | null,
): Promise<TTournamentParticipation & { dataComplete: boolean; paymentIntentClientSecret: string | null }> {
  const { team, t } = await requireTeam(ctx, ctx.deps.db, participationId, "owner-or-manager", false);
  const { tournamentId, userId, updatedAt: _u, ...rest } = team;
  const own = userId !== null && userId === ctx.viewer?.userId;
  const secret = clientSecret !== undefined ? clientSecret : own && payProblem(team, t, ctx.deps.clock.now()) === null ? await openClientSecret(ctx.deps, team) : null;
  return {
    ...rest,
    tournamentId,
    queue: team.queue && team.cancelledAt === null,
    user: userId === null ? null : { id: userId },
    dataComplete: dataComplete(team, t),
    paymentIntentClientSecret: own ? secret : null,
  };
}

/** GraphQL createTournamentParticipation: `register`, answered in the old API's shape as its registrant sees it. */
export async function registerForWrapper(ctx: Ctx, input: z.output<typeof ZRegisterTeamInput>) {
  const result = await register(ctx, input);
  const row = (await repo.findTeam(ctx.deps.db, result.participation.id))!;
  // an anonymous registrant was signed in on this request: the answer is theirs
  const viewer = ctx.viewer ?? { userId: row.userId!, isAdmin: false, sessionId: "", sessionExpiresAt: ctx.deps.clock.now() };
  return {
    participation: await wrapperParticipation({ ...ctx, viewer }, row.id, result.payment?.clientSecret ?? null),
    newUserPassword: result.newUserPassword,
  };
}
