import {
  ZCreateTournamentInput,
  ZTournament,
  ZTournamentIdInput,
  ZTournamentList,
  ZUpcomingTournamentsInput,
  ZUpdateTournamentInput,
} from "@shared/schemas/tournaments";
import {
  ZCompleteRegistrationInput,
  ZMyTeam,
  ZParticipationIdInput,
  ZRegisterTeamInput,
  ZRegisterTeamResult,
  ZTeamOverviewRow,
  ZTeamPayment,
  ZTeamsOverview,
  ZUpdateRegistrationInput,
} from "@shared/schemas/tournament-teams";
import { z } from "zod";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as registration from "./registration";
import * as tournaments from "./service";
import * as teamActions from "./team-actions";
import * as teamPayment from "./team-payment";
import * as channel from "./channel";
import { sendPaymentReminder } from "./reminders";
import * as teamSchemas from "@shared/schemas/tournament-teams";
import { ZDrawLotsInput, ZEnterResultInput, ZGeneratePlanInput, ZPlanEventsInput, ZPlanPage, ZSetRefereeInput } from "@shared/schemas/tournament-plans";
import * as plan from "./plan";

export const tournamentsRouter = router({
  /** admins and organisation members; a draft until published */
  create: authedProcedure.input(ZCreateTournamentInput).output(ZTournament).mutation(({ ctx, input }) => tournaments.createTournament(ctx, input)),
  update: authedProcedure.input(ZUpdateTournamentInput).output(ZTournament).mutation(({ ctx, input }) => tournaments.updateTournament(ctx, input)),
  publish: authedProcedure.input(ZTournamentIdInput).output(ZTournament).mutation(({ ctx, input }) => tournaments.publishTournament(ctx, input.tournamentId)),
  cancel: authedProcedure.input(ZTournamentIdInput).output(ZTournament).mutation(({ ctx, input }) => tournaments.cancelTournament(ctx, input.tournamentId)),
  /** the page: published ones for everybody, drafts for their organiser and admins */
  byId: publicProcedure.input(ZTournamentIdInput).output(ZTournament).query(({ ctx, input }) => tournaments.tournament(ctx, input.tournamentId)),
  /** a region's upcoming tournaments (/tournaments, the feed's tab) */
  upcoming: publicProcedure.input(ZUpcomingTournamentsInput).output(ZTournamentList).query(({ ctx, input }) => tournaments.upcomingTournaments(ctx, input)),
  /** a team: signed in or not (an unknown e-mail gets a new account, signed in on this request) */
  register: publicProcedure.input(ZRegisterTeamInput).output(ZRegisterTeamResult).mutation(({ ctx, input }) => registration.register(ctx, input)),
  /** the viewer's teams of the tournament (none when signed out) */
  myTeams: publicProcedure.input(ZTournamentIdInput).output(z.array(ZMyTeam)).query(({ ctx, input }) => registration.myTeams(ctx, input.tournamentId)),
  completeRegistration: authedProcedure.input(ZCompleteRegistrationInput).output(ZMyTeam).mutation(({ ctx, input }) => registration.completeRegistration(ctx, input)),
  updateRegistration: authedProcedure.input(ZUpdateRegistrationInput).output(ZMyTeam).mutation(({ ctx, input }) => registration.updateRegistration(ctx, input)),
  /** one team for its registrant, the organiser or an admin (the payment return reads it by tpid) */
  team: authedProcedure.input(ZParticipationIdInput).output(ZMyTeam).query(({ ctx, input }) => registration.team(ctx, input.participationId)),
  /** the team's registrant pays its fee */
  pay: authedProcedure.input(ZParticipationIdInput).output(ZTeamPayment).mutation(({ ctx, input }) => teamPayment.pay(ctx, input.participationId)),
  /** the registrant before the start, the organiser or an admin until the end; refunds, the waiting list moves up */
  cancelRegistration: authedProcedure.input(ZParticipationIdInput).output(ZMyTeam).mutation(({ ctx, input }) => teamActions.cancelRegistration(ctx, input.participationId)),
  /** the organiser or an admin: paid in cash */
  markPaid: authedProcedure.input(ZParticipationIdInput).output(ZTeamOverviewRow).mutation(({ ctx, input }) => teamActions.markPaid(ctx, input.participationId)),
  /** the teams overview: the organiser and admins */
  teams: authedProcedure.input(ZTournamentIdInput).output(ZTeamsOverview).query(({ ctx, input }) => teamActions.teams(ctx, input.tournamentId)),
  /** the news channel: the organiser, admins and users with a paid team (README "Who sees the channel") */
  channel: authedProcedure.input(ZTournamentIdInput).output(teamSchemas.ZChannel).query(({ ctx, input }) => channel.channel(ctx, input.tournamentId)),
  sendChannelMessage: authedProcedure.input(teamSchemas.ZSendChannelMessageInput).output(teamSchemas.ZChannelMessage).mutation(({ ctx, input }) => channel.sendChannelMessage(ctx, input)),
  markChannelMessageRead: authedProcedure
    .input(teamSchemas.ZMarkChannelMessageReadInput)
    .output(teamSchemas.ZMarkChannelMessageReadResult)
    .mutation(({ ctx, input }) => channel.markChannelMessageRead(ctx, input.tournamentChannelMessageId)),
  /** the organiser or an admin reminds an Open team (at most once a week, the first a day after registering) */
  sendPaymentReminder: authedProcedure.input(teamSchemas.ZParticipationIdInput).output(teamSchemas.ZTeamOverviewRow).mutation(({ ctx, input }) => sendPaymentReminder(ctx, input.participationId)),
  /** the tournament's own plan (issue 29): everybody who may see the tournament, with tables and knock-out */
  plan: publicProcedure.input(ZTournamentIdInput).output(ZPlanPage).query(({ ctx, input }) => plan.planPage(ctx, input.tournamentId)),
  /** the organiser or an admin, until the first result */
  generatePlan: authedProcedure.input(ZGeneratePlanInput).output(ZPlanPage).mutation(({ ctx, input }) => plan.generatePlan(ctx, input)),
  /** the organiser, an admin or a named referee; carries the match's version it replaces */
  enterResult: authedProcedure.input(ZEnterResultInput).output(ZPlanPage).mutation(({ ctx, input }) => plan.enterResult(ctx, input)),
  /** the organiser or an admin names or removes a referee (a registered team's account) */
  setReferee: authedProcedure.input(ZSetRefereeInput).output(ZPlanPage).mutation(({ ctx, input }) => plan.setReferee(ctx, input)),
  drawLots: authedProcedure.input(ZDrawLotsInput).output(ZPlanPage).mutation(({ ctx, input }) => plan.drawLots(ctx, input)),
  /** live: the plan's version after each change (server-sent events); the page reads the plan again */
  onPlanChange: publicProcedure.input(ZPlanEventsInput).subscription(async function* ({ ctx, input, signal }) {
    for await (const e of plan.planEvents(ctx, input.tournamentId, signal)) yield { version: e.id };
  }),
});
