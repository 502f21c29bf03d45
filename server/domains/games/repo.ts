import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import { boundingBox } from "@shared/rules/geo";
import type { DbOrTx } from "../../db/client";
import { coalesced } from "../../db/coalesce";
import { positionalReader } from "../../db/positional-rows";
import { courts, gameEvents, games, gameTemplates, guestProfiles, organizations, participations, regions, users, weatherForecasts } from "../../db/schema";
import { courtColumns, withinBox } from "../courts/sql";
import { playersInGameSql } from "../participation/sql";

const participantsAmountSql = playersInGameSql(games.id);

const listColumns = {
  id: games.id,
  title: games.title,
  startTime: games.startTime,
  endTime: games.endTime,
  durationMinutes: games.durationMinutes,
  gameType: games.gameType,
  level: games.level,
  gender: games.gender,
  priceCents: games.priceCents,
  isManagedPayment: games.isManagedPayment,
  minPlayers: games.minPlayers,
  maxPlayers: games.maxPlayers,
  participantsAmount: participantsAmountSql,
  cancelledAt: games.cancelledAt,
  // drizzle returns null for a left-joined object whose columns are all null
  court: { id: courts.id, name: courts.name, imageUrl: courts.imageUrl, address: courts.address },
  creator: { id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl },
};

function toListItem<T extends { participantsAmount: number }>(row: T, distanceKm: number | null = null) {
  return { ...row, participantsAmount: Number(row.participantsAmount), distanceKm };
}
export type GameListItem = ReturnType<typeof toListItem>;

export type FeedFilter = "all" | "playing" | "waiting" | "organising";

/** Longer than any game lasts (GAME_DURATIONS_MINUTES ends at 6 hours). */
const FEED_LOOKBACK_MS = 24 * 3600_000;

type FeedOptions = {
  regionSlug: string;
  now: Date;
  courtId?: number | null;
  filter: FeedFilter;
  userId: number | null;
  after?: { startTime: Date; id: number } | null;
  limit: number;
};

/** The weather_forecasts row a feed game carries (null when none is cached for its court and start hour). */
const forecastColumns = {
  courtId: weatherForecasts.courtId,
  hour: weatherForecasts.hour,
  code: weatherForecasts.code,
  temperatureTenths: weatherForecasts.temperatureTenths,
  precipitationTenths: weatherForecasts.precipitationTenths,
  windKmh: weatherForecasts.windKmh,
  gustsKmh: weatherForecasts.gustsKmh,
  fetchedAt: weatherForecasts.fetchedAt,
};

/** What changes the feed statement's text; every value goes in as a parameter. */
type FeedShape = { filter: FeedFilter; signedIn: boolean; court: boolean; after: boolean };

const param = sql.placeholder;

/** The feed SELECT for one shape, with placeholders for every value. */
function feedQuery(db: DbOrTx, shape: FeedShape) {
  const where: SQL[] = [
    // The region's id as a sub-select (one value), so PostgreSQL walks games_region_start_id_idx in
    // the page's order (start time, then id) and stops after the page instead of sorting the region's games.
    eq(games.regionId, sql`(select ${regions.id} from ${regions} where ${regions.slug} = ${param("regionSlug")})`),
    gt(games.endTime, param("now")),
    // Redundant with the line above (no game lasts a day), but it lets the index skip the region's
    // past games, which only ever grow.
    gt(games.startTime, param("since")),
  ];
  if (shape.court) where.push(eq(games.courtId, param("courtId")));
  if (shape.after) {
    where.push(
      gte(games.startTime, param("afterTime")),
      or(gt(games.startTime, param("afterTime")), and(eq(games.startTime, param("afterTime")), gt(games.id, param("afterId"))))!,
    );
  }
  if (shape.filter === "organising") where.push(eq(games.creatorId, param("userId")));
  else if (shape.filter !== "all") {
    const queue = shape.filter === "waiting";
    where.push(
      sql`exists (select 1 from ${participations} p where p.game_id = ${games.id} and p.user_id = ${param("userId")} and p.cancelled_at is null and p.queue = ${sql.raw(String(queue))})`,
    );
  } else {
    // Private games appear only to those involved: the organiser and players.
    where.push(
      shape.signedIn
        ? or(
            ne(games.gameType, "PRIVATE"),
            eq(games.creatorId, param("userId")),
            sql`exists (select 1 from ${participations} p where p.game_id = ${games.id} and p.user_id = ${param("userId")} and p.cancelled_at is null)`,
          )!
        : ne(games.gameType, "PRIVATE"),
    );
  }
  return db
    .select({ ...listColumns, region: { id: regions.id, slug: regions.slug, name: regions.name }, forecast: forecastColumns })
    .from(games)
    .innerJoin(regions, eq(regions.id, games.regionId))
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    // the cached forecast of the start's hour (domains/weather keeps it; only outdoor courts have one): in this one
    // statement by its primary key, not a second statement per page (that cost the feed a third of its throughput)
    .leftJoin(weatherForecasts, and(eq(weatherForecasts.courtId, games.courtId), eq(weatherForecasts.hour, sql`date_trunc('hour', ${games.startTime}, 'UTC')`)))
    .where(and(...where))
    .orderBy(asc(games.startTime), asc(games.id))
    .limit(param("limit"))
    .prepare(`games_feed_${shape.filter}_${shape.signedIn ? "u" : "a"}${shape.court ? "c" : ""}${shape.after ? "n" : ""}`);
}

/** Built once per database and shape: building the SQL each time cost as much as the rest of a request. */
const feedQueries = new WeakMap<DbOrTx, Map<string, ReturnType<typeof feedQuery>>>();

/**
 * One page of a region's feed: games not yet over, by start time then id, after `after` (keyset
 * paging, so a page never repeats or skips a game however many came before it). One statement: the
 * region is found by its slug and joined for its name, and participant counts are a correlated sum
 * over the participations index, computed for the page's rows only (no N+1). An empty page carries
 * no region: the caller looks it up (or finds it unknown).
 */
export async function feed(db: DbOrTx, opts: FeedOptions) {
  if (opts.filter !== "all" && opts.userId === null) return { region: null, games: [], more: false };
  const shape: FeedShape = { filter: opts.filter, signedIn: opts.userId !== null, court: Boolean(opts.courtId), after: Boolean(opts.after) };
  const key = JSON.stringify(shape);
  let queries = feedQueries.get(db);
  if (!queries) feedQueries.set(db, (queries = new Map()));
  let query = queries.get(key);
  if (!query) queries.set(key, (query = feedQuery(db, shape)));
  // Placeholders skip the columns' own value mapping: times go in as ISO text, as drizzle sends them. On postgres.js
  // the rows are mapped by position (db/positional-rows.ts), elsewhere by drizzle.
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  const read = positionalReader<Row>(query) ?? ((values: Record<string, unknown>) => query.execute(values));
  const rows = await read({
    regionSlug: opts.regionSlug,
    now: opts.now.toISOString(),
    since: new Date(opts.now.getTime() - FEED_LOOKBACK_MS).toISOString(),
    courtId: opts.courtId ?? null,
    afterTime: opts.after?.startTime.toISOString() ?? null,
    afterId: opts.after?.id ?? null,
    userId: opts.userId,
    limit: opts.limit + 1,
  });
  const page = rows.slice(0, opts.limit).map(({ region: _region, forecast, ...r }) => ({ ...toListItem(r), forecast }));
  return { region: rows[0]?.region ?? null, games: page, more: rows.length > opts.limit };
}

export async function listByIds(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select(listColumns)
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(inArray(games.id, ids));
  return rows.map((r) => toListItem(r));
}

/** searchGames' answer at most (the old API's). */
const SEARCH_LIMIT = 200;

/**
 * The search SELECT, with placeholders for every value. A game is where its court is, else at its region's centre;
 * instead of filtering every upcoming game on that point (no index serves `coalesce(court, region)`), two branches
 * find the places first and then their games by index: courts in the bounding box (courts_latitude_idx,
 * courts_longitude_idx) → their games (games_court_start_id_idx), and regions in the box → their games without a court.
 * Each branch keeps its first SEARCH_LIMIT by start time; the outer query joins the columns for those only.
 */
function searchNearQuery(db: DbOrTx) {
  const center = { latitude: param("latitude"), longitude: param("longitude") };
  const box = {
    minLat: param("minLat"),
    maxLat: param("maxLat"),
    lngRanges: [[param("minLng1"), param("maxLng1")], [param("minLng2"), param("maxLng2")]] as [Placeholder, Placeholder][],
  };
  const distanceKm = param("distanceKm");
  const upcoming = [
    gt(games.endTime, param("from")),
    // Redundant with the line above (no game lasts a day), but it lets games_court_start_id_idx skip the past games.
    gt(games.startTime, param("since")),
    ne(games.gameType, "PRIVATE"),
    isNull(games.cancelledAt),
  ];
  const atCourt = withinBox(courts.latitude, courts.longitude, center, box, distanceKm);
  const atRegion = withinBox(regions.latitude, regions.longitude, center, box, distanceKm);
  const near = unionAll(
    db
      .select({ id: games.id, distanceKm: atCourt.distance.as("distance_km") })
      .from(courts)
      .innerJoin(games, eq(games.courtId, courts.id))
      .where(and(atCourt.where, ...upcoming))
      .orderBy(asc(games.startTime), asc(games.id))
      .limit(SEARCH_LIMIT),
    db
      .select({ id: games.id, distanceKm: atRegion.distance.as("distance_km") })
      .from(regions)
      .innerJoin(games, and(eq(games.regionId, regions.id), isNull(games.courtId)))
      .where(and(atRegion.where, ...upcoming))
      .orderBy(asc(games.startTime), asc(games.id))
      .limit(SEARCH_LIMIT),
  ).as("near");
  return db
    .select({ ...listColumns, distanceKm: near.distanceKm })
    .from(near)
    .innerJoin(games, eq(games.id, near.id))
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .orderBy(asc(games.startTime), asc(games.id))
    .limit(SEARCH_LIMIT)
    .prepare("games_search_near");
}

const searchNearQueries = new WeakMap<DbOrTx, ReturnType<typeof searchNearQuery>>();

/**
 * Public upcoming games within `distanceKm` of a point, by start time (at most SEARCH_LIMIT). A game is where its
 * court is, else at its region's centre; the courts domain's bounding box + exact distance (courts/README.md,
 * "Distance search") narrows the places before the trigonometry. One prepared statement, built once per database.
 */
export async function searchNear(db: DbOrTx, opts: { latitude: number; longitude: number; distanceKm: number; from: Date }) {
  let query = searchNearQueries.get(db);
  if (!query) searchNearQueries.set(db, (query = searchNearQuery(db)));
  const box = boundingBox(opts, opts.distanceKm);
  const [first, second = first] = box.lngRanges as [[number, number], [number, number]?];
  const rows = await query.execute({
    latitude: opts.latitude,
    longitude: opts.longitude,
    minLat: box.minLat,
    maxLat: box.maxLat,
    minLng1: first[0],
    maxLng1: first[1],
    minLng2: second[0],
    maxLng2: second[1],
    distanceKm: opts.distanceKm,
    from: opts.from.toISOString(),
    since: new Date(opts.from.getTime() - FEED_LOOKBACK_MS).toISOString(),
  });
  return rows.map(({ distanceKm, ...r }) => toListItem(r, Number(distanceKm)));
}

/** Public, not cancelled games on a court that have not ended yet, soonest first. */
export async function upcomingOnCourt(db: DbOrTx, opts: { courtId: number; now: Date; limit: number }) {
  const rows = await db
    .select(listColumns)
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(and(eq(games.courtId, opts.courtId), gt(games.endTime, opts.now), ne(games.gameType, "PRIVATE"), isNull(games.cancelledAt)))
    .orderBy(asc(games.startTime), asc(games.id))
    .limit(opts.limit);
  return rows.map((r) => toListItem(r));
}

export type GameRow = typeof games.$inferSelect;

/** The game row, locked for the rest of the transaction when `forUpdate`. */
export async function findGameRow(db: DbOrTx, id: number, forUpdate = false): Promise<GameRow | null> {
  const q = db.select().from(games).where(eq(games.id, id)).limit(1);
  const rows = forUpdate ? await q.for("update") : await q;
  return rows[0] ?? null;
}

/** An organisation's fee percentage (spec 000 section 9 `gameApplicationFeePercentage`), or null when it is gone. */
export async function findOrganizationFee(db: DbOrTx, organizationId: number): Promise<{ gameApplicationFeePercentage: number } | null> {
  const rows = await db
    .select({ gameApplicationFeePercentage: organizations.gameApplicationFeePercentage })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return rows[0] ?? null;
}

export async function loadGamePage(db: DbOrTx, id: number) {
  const canceller = alias(users, "canceller");
  const rows = await db
    .select({
      game: games,
      participantsAmount: participantsAmountSql,
      creator: { id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl },
      canceller: { id: canceller.id, firstName: canceller.firstName, profileImageUrl: canceller.profileImageUrl },
      court: courtColumns,
      region: { id: regions.id, slug: regions.slug, name: regions.name },
      organization: {
        id: organizations.id,
        name: organizations.name,
        imageUrl: organizations.imageUrl,
        gameApplicationFeePercentage: organizations.gameApplicationFeePercentage,
      },
      template: { id: gameTemplates.id, deactivatedAt: gameTemplates.deactivatedAt },
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .innerJoin(regions, eq(regions.id, games.regionId))
    .leftJoin(gameTemplates, eq(gameTemplates.id, games.gameTemplateId))
    .leftJoin(canceller, eq(canceller.id, games.cancelledById))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .leftJoin(organizations, eq(organizations.id, games.organizationId))
    .where(eq(games.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const players = await db
    .select({
      id: participations.id,
      userId: users.id,
      userFirstName: users.firstName,
      userImageUrl: users.profileImageUrl,
      reliabilityRating: users.reliabilityRating,
      firstName: participations.firstName,
      guestProfileId: participations.guestProfileId,
      guestReliabilityRating: guestProfiles.reliabilityRating,
      playerCount: participations.playerCount,
      playsHimself: participations.playsHimself,
      bringsBall: participations.bringsBall,
      bringsBibs: participations.bringsBibs,
      queue: participations.queue,
      createdAt: participations.createdAt,
      cancelledAt: participations.cancelledAt,
      removedAt: participations.removedAt,
      cancelledShortNotice: participations.cancelledShortNotice,
      organizerReliabilityFeedback: participations.organizerReliabilityFeedback,
      hasReported: participations.hasReported,
      paymentStatus: participations.paymentStatus,
      requestedExternalPaymentAt: participations.requestedExternalPaymentAt,
      paymentCanCancelUntil: participations.paymentCanCancelUntil,
      paymentReservationExpiresAt: participations.paymentReservationExpiresAt,
      totalPriceCents: participations.totalPriceCents,
      notificationsEnabled: participations.notificationsEnabled,
      declinedExternalPaymentAt: participations.declinedExternalPaymentAt,
      externalPaymentMessage: participations.externalPaymentMessage,
    })
    .from(participations)
    .leftJoin(users, eq(users.id, participations.userId))
    .leftJoin(guestProfiles, eq(guestProfiles.id, participations.guestProfileId))
    .where(eq(participations.gameId, id))
    .orderBy(asc(participations.queue), asc(sql`coalesce(${participations.queuedAt}, ${participations.createdAt})`), asc(participations.id));
  return { ...row, participations: players };
}

/**
 * The organiser's recent creations for the limits (server/domains/games/README.md "Game limits"): every game counts
 * for the throttle (creating is what it slows down, so cancel-and-recreate does not skip it); only
 * public games that were not cancelled count for "one per hour" and "five per week".
 */
export async function creationCounts(db: DbOrTx, creatorId: number, since: { throttle: Date; hour: Date; week: Date }) {
  const [row] = await db
    .select({
      recent: sql<number>`count(*) filter (where ${games.createdAt} > ${since.throttle.toISOString()}::timestamptz)::int`,
      publicHour: sql<number>`count(*) filter (where ${games.gameType} <> 'PRIVATE' and ${games.cancelledAt} is null and ${games.createdAt} > ${since.hour.toISOString()}::timestamptz)::int`,
      publicWeek: sql<number>`count(*) filter (where ${games.gameType} <> 'PRIVATE' and ${games.cancelledAt} is null and ${games.createdAt} > ${since.week.toISOString()}::timestamptz)::int`,
    })
    .from(games)
    .where(and(eq(games.creatorId, creatorId), gt(games.createdAt, since.week < since.hour ? since.week : since.hour)));
  return { recent: Number(row?.recent ?? 0), publicHour: Number(row?.publicHour ?? 0), publicWeek: Number(row?.publicWeek ?? 0) };
}

/** Another non-cancelled game on the court starting less than `windowMinutes` before or after. */
export async function courtHasGameNear(db: DbOrTx, courtId: number, start: Date, windowMinutes: number, excludeGameId?: number) {
  const from = new Date(start.getTime() - windowMinutes * 60_000);
  const to = new Date(start.getTime() + windowMinutes * 60_000);
  const where = [eq(games.courtId, courtId), isNull(games.cancelledAt), gt(games.startTime, from), lt(games.startTime, to)];
  if (excludeGameId) where.push(ne(games.id, excludeGameId));
  const rows = await db.select({ id: games.id }).from(games).where(and(...where)).limit(1);
  return rows.length > 0;
}

export type NewGame = typeof games.$inferInsert;
export type GameChanges = Partial<NewGame>;

export async function insertGame(db: DbOrTx, values: NewGame): Promise<number> {
  const [row] = await db.insert(games).values(values).returning({ id: games.id });
  return row!.id;
}

export async function updateGame(db: DbOrTx, id: number, values: GameChanges) {
  await db.update(games).set(values).where(eq(games.id, id));
}

/** One game event's id; the events of a join batch's joins go in as one statement (db/coalesce.ts). */
export function insertEvent(db: DbOrTx, values: typeof gameEvents.$inferInsert): Promise<number> {
  return coalesced(db, "game_events.insert", values, insertEvents);
}

async function insertEvents(db: DbOrTx, values: (typeof gameEvents.$inferInsert)[]): Promise<number[]> {
  const rows = await db.insert(gameEvents).values(values).returning({ id: gameEvents.id });
  return rows.map((row) => row.id);
}

/** Whether a minimum-players step was already recorded for the start time its job was planned for. */
export async function hasEventForStart(db: DbOrTx, gameId: number, type: string, startTime: string): Promise<boolean> {
  const rows = await db
    .select({ id: gameEvents.id })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.type, type), sql`${gameEvents.payload}->>'startTime' = ${startTime}`))
    .limit(1);
  return rows.length > 0;
}

/**
 * When each participation's card hold was last approved: the newest PAYMENT_CHANGED event to
 * Approved per participation of the game (a rejoin's new hold replaces the old one's time).
 */
export async function lastApprovalTimes(db: DbOrTx, gameId: number): Promise<Map<number, Date>> {
  const rows = await db
    .select({ participationId: sql<string>`${gameEvents.payload}->>'participationId'`, at: sql<Date>`max(${gameEvents.createdAt})`.mapWith(gameEvents.createdAt) })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.type, "PAYMENT_CHANGED"), sql`${gameEvents.payload}->>'to' = 'Approved'`))
    .groupBy(sql`${gameEvents.payload}->>'participationId'`);
  return new Map(rows.map((r) => [Number(r.participationId), r.at]));
}

export async function eventsOf(db: DbOrTx, gameId: number) {
  return db.select().from(gameEvents).where(eq(gameEvents.gameId, gameId)).orderBy(asc(gameEvents.id));
}

export async function upcomingGamesOf(db: DbOrTx, creatorId: number, now: Date) {
  return db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.creatorId, creatorId), gt(games.startTime, now), isNull(games.cancelledAt)));
}

/** Games whose minimum-player jobs are due (used by the scheduler to (re)build its queue). */
export async function upcomingGameIds(db: DbOrTx, from: Date) {
  return db
    .select({ id: games.id, startTime: games.startTime })
    .from(games)
    .where(and(gte(games.startTime, from), isNull(games.cancelledAt)));
}


/** Ids of a user's hosted, attended (active) or queued games, one more than asked (tells hasNext). */
export async function userGameIds(
  db: DbOrTx,
  opts: { userId: number; kind: "hosted" | "attended" | "queue"; limit: number; upcoming: boolean; now: Date; includePrivate: boolean },
) {
  const where: SQL[] = [];
  if (opts.kind === "hosted") where.push(eq(games.creatorId, opts.userId));
  else {
    where.push(
      sql`exists (select 1 from ${participations} p where p.game_id = ${games.id} and p.user_id = ${opts.userId} and p.cancelled_at is null and p.queue = ${opts.kind === "queue"})`,
    );
    if (opts.kind === "attended") where.push(ne(games.creatorId, opts.userId));
  }
  if (!opts.includePrivate) where.push(ne(games.gameType, "PRIVATE"));
  if (opts.upcoming) where.push(gt(games.endTime, opts.now), isNull(games.cancelledAt));
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(...where))
    .orderBy(opts.upcoming ? asc(games.startTime) : sql`${games.startTime} desc`)
    .limit(opts.limit + 1);
  return rows.map((r) => r.id);
}

/** Whether the user has (or had) a participation in the game: players, the waiting list, those who left. */
export async function hasParticipation(db: DbOrTx, gameId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A user's games in [from, to) for their calendar (issue 29, domains/calendar-feed): the ones they organise and the ones
 * they play or wait for (a participation not cancelled), cancelled games included. `queue` is null for an organiser
 * without a participation of their own.
 */
export async function calendarGamesOf(db: DbOrTx, userId: number, window: { from: Date; to: Date | null }) {
  const where: SQL[] = [gt(games.endTime, window.from), or(eq(games.creatorId, userId), sql`${participations.id} is not null`)!];
  if (window.to) where.push(lt(games.startTime, window.to));
  return db
    .select({
      id: games.id,
      title: games.title,
      startTime: games.startTime,
      endTime: games.endTime,
      cancelledAt: games.cancelledAt,
      updatedAt: games.updatedAt,
      organiser: sql<boolean>`${games.creatorId} = ${userId}`,
      queue: participations.queue,
      participationUpdatedAt: participations.updatedAt,
      court: { name: courts.name, address: courts.address },
      regionName: regions.name,
    })
    .from(games)
    .leftJoin(participations, and(eq(participations.gameId, games.id), eq(participations.userId, userId), isNull(participations.cancelledAt), isNull(participations.removedAt)))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .innerJoin(regions, eq(regions.id, games.regionId))
    .where(and(...where))
    .orderBy(asc(games.startTime), asc(games.id));
}
export type CalendarGameRow = Awaited<ReturnType<typeof calendarGamesOf>>[number];
