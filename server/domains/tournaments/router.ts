import {
  ZCreateTournamentInput,
  ZTournament,
  ZTournamentIdInput,
  ZTournamentList,
  ZUpcomingTournamentsInput,
  ZUpdateTournamentInput,
} from "@shared/schemas/tournaments";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as tournaments from "./service";

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
});
