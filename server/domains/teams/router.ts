import {
  ZBuildTeamsInput,
  ZGameTeams,
  ZMoveTeamPlayerInput,
  ZRateSkillInput,
  ZReshuffleTeamsInput,
  ZTeamsInput,
  ZTeamsPlayersMayBuildInput,
} from "@shared/schemas/teams";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as teams from "./service";

export const teamsRouter = router({
  /** the game's teams, for everyone who may see the game */
  get: publicProcedure.input(ZTeamsInput).output(ZGameTeams).query(({ ctx, input }) => teams.gameTeams(ctx, input)),
  build: authedProcedure.input(ZBuildTeamsInput).output(ZGameTeams).mutation(({ ctx, input }) => teams.buildTeams(ctx, input)),
  reshuffle: authedProcedure.input(ZReshuffleTeamsInput).output(ZGameTeams).mutation(({ ctx, input }) => teams.reshuffleTeams(ctx, input)),
  move: authedProcedure.input(ZMoveTeamPlayerInput).output(ZGameTeams).mutation(({ ctx, input }) => teams.moveTeamPlayer(ctx, input)),
  allowPlayers: authedProcedure.input(ZTeamsPlayersMayBuildInput).output(ZGameTeams).mutation(({ ctx, input }) => teams.setPlayersMayBuild(ctx, input)),
  rateSkill: authedProcedure.input(ZRateSkillInput).output(ZGameTeams).mutation(({ ctx, input }) => teams.rateSkill(ctx, input)),
});
