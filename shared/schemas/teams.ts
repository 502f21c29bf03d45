import { z } from "zod";
import { BALANCE_MAX_TEAMS, BALANCE_MIN_TEAMS, BIB_COLOURS } from "../matchday/balance";
import { zId } from "./common";
import { ZShareKey } from "./games";

/** Balanced teams at kick-off (issue 29; server/domains/teams/README.md). */

/** At least this many players per side. */
export const TEAMS_MIN_PER_SIDE = 2;
/** A seed is any non-negative 31-bit integer. */
export const TEAMS_SEED_MAX = 2 ** 31 - 1;
/** The rating screen's slider maps 1..5 to these values (shared/matchday/skill.ts SKILL_STEPS), stored 10..90. */
export const SKILL_RATING_MIN = 10;
export const SKILL_RATING_MAX = 90;

/**
 * A player slot of a line-up: a participation id ("17"), or "17+2" for the second friend a participation of
 * "Ich + n" brought (friends have no account and no name of their own).
 */
export const TEAM_SLOT_PATTERN = /^[1-9][0-9]{0,9}(\+[1-9][0-9]{0,2})?$/;
export const zTeamSlot = z.string({ error: "slot_invalid" }).max(14, { error: "slot_invalid" }).regex(TEAM_SLOT_PATTERN, { error: "slot_invalid" });

/** The version of the teams the caller saw (0: none yet); a write against another one is TEAMS_CHANGED. */
const zVersion = z.number({ error: "version_invalid" }).int({ error: "version_invalid" }).min(0, { error: "version_invalid" }).max(1_000_000_000, { error: "version_invalid" });
const zSeed = z.number({ error: "seed_invalid" }).int({ error: "seed_invalid" }).min(0, { error: "seed_invalid" }).max(TEAMS_SEED_MAX, { error: "seed_invalid" });

export const ZTeamsInput = z.object({ gameId: zId, shareKey: ZShareKey.optional() });
export const ZBuildTeamsInput = z.object({
  gameId: zId,
  teams: z.number({ error: "teams_invalid" }).int({ error: "teams_invalid" }).min(BALANCE_MIN_TEAMS, { error: "teams_invalid" }).max(BALANCE_MAX_TEAMS, { error: "teams_invalid" }),
  seed: zSeed.optional(),
  version: zVersion,
});
export type TBuildTeamsInput = z.input<typeof ZBuildTeamsInput>;
export const ZReshuffleTeamsInput = z.object({ gameId: zId, seed: zSeed.optional(), version: zVersion });
export const ZMoveTeamPlayerInput = z.object({
  gameId: zId,
  slot: zTeamSlot,
  side: z.number({ error: "side_invalid" }).int({ error: "side_invalid" }).min(0, { error: "side_invalid" }).max(BALANCE_MAX_TEAMS - 1, { error: "side_invalid" }),
  version: zVersion,
});
export const ZTeamsPlayersMayBuildInput = z.object({ gameId: zId, allowed: z.boolean(), version: zVersion });
export const ZRateSkillInput = z.object({
  gameId: zId,
  userId: zId,
  rating: z
    .number({ error: "rating_invalid" })
    .int({ error: "rating_invalid" })
    .min(SKILL_RATING_MIN, { error: "rating_invalid" })
    .max(SKILL_RATING_MAX, { error: "rating_invalid" }),
});

export const ZTeamPlayer = z.object({
  slot: z.string(),
  participationId: z.number().int(),
  /** null: a guest or a friend of "Ich + n" */
  userId: z.number().int().nullable(),
  /** the player's first name; a friend's is the one who brought them, with friendNumber */
  name: z.string(),
  /** the n-th friend of an "Ich + n" participation; null for the participation's own player */
  friendNumber: z.number().int().nullable(),
  bringsBibs: z.boolean(),
  /** dragged by hand: stays on this side when the teams are reshuffled */
  kept: z.boolean(),
});
export type TTeamPlayer = z.infer<typeof ZTeamPlayer>;

export const ZTeamSide = z.object({
  /** the bib colour (a message key in the client); null: the side plays in its own shirts */
  bib: z.enum(BIB_COLOURS).nullable(),
  /** the side's strength relative to the strongest side, 0..100 (a bar, never the skill numbers) */
  strengthShare: z.number().int(),
  players: z.array(ZTeamPlayer),
});
export type TTeamSide = z.infer<typeof ZTeamSide>;

/** A player the organiser may rate, with the organiser's own rating of them in this game (null: none yet). */
export const ZRatablePlayer = z.object({ userId: z.number().int(), name: z.string(), myRating: z.number().int().nullable() });

export const ZGameTeams = z.object({
  gameId: z.number().int(),
  /** 0 while nothing was stored */
  version: z.number().int(),
  playersMayBuild: z.boolean(),
  /** notYet: before start - 30 min; open until the end; closed after it */
  window: z.enum(["notYet", "open", "closed"]),
  opensAt: z.date(),
  /** the viewer may build, reshuffle and move now or once the window opens */
  canBuild: z.boolean(),
  /** the viewer manages the game (rates skill, allows players to build) */
  canManage: z.boolean(),
  /** active players in the game (places, friends included) */
  players: z.number().int(),
  /** of them checked in at the pitch (participation/check-in), friends included */
  checkedIn: z.number().int(),
  /** the line-up (or, before one, a build of two sides) takes only the checked-in players: enough of them are in */
  fromCheckedIn: z.boolean(),
  /** null: no teams yet */
  lineUp: z
    .object({
      seed: z.number().int(),
      sides: z.array(ZTeamSide),
      updatedAt: z.date().nullable(),
      /** players who joined or left since the teams were drawn: a reshuffle takes them in */
      outdated: z.boolean(),
    })
    .nullable(),
  /** the managers' skill rating list (after the start; empty for everybody else): never the players' estimates */
  ratable: z.array(ZRatablePlayer),
  /** the skill rating is open (from the start until the attendance rating closes) */
  ratingOpen: z.boolean(),
});
export type TGameTeams = z.infer<typeof ZGameTeams>;
