import { randomBytes } from "node:crypto";
import type { Language } from "@shared/constants";
import { CALENDAR_FEED_TOKEN_PATTERN, type TCalendarFeed, type TCalendarOverlap, type ZCalendarOverlapsInput } from "@shared/schemas/calendar-feed";
import type { z } from "zod";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { requireViewer } from "../auth/viewer";
import { calendarBookingsOf } from "../bookings/service";
import { personalBusyTimes } from "../calendar/service";
import { calendarGamesOf, gameById } from "../games/read";
import { calendarTournamentsOf } from "../tournaments/service";
import { findUser } from "../users/service";
import { buildFeed, type FeedEvent, type FeedEventStatus } from "./ics";
import * as repo from "./repo";

/**
 * The personal calendar subscription (issue 29; README.md beside this file): one secret ICS address per user,
 * created, rotated and revoked by its owner only, and the file behind it. The same collection of "what is in my
 * calendar" answers the overlap warning before joining a game.
 */

/** How far back the feed goes (README "Window"); forward it has every future event. */
export const FEED_DAYS_BACK = 60;
/** A fetch is noted at most this often (a calendar app polls every 15 minutes or more often). */
const TOUCH_EVERY_MS = 5 * 60_000;
/** SEQUENCE counts seconds from here to the event's last change: it grows with every change and fits an INTEGER for decades. */
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

const TEXT = {
  de: {
    game: "Kickrunde",
    booking: "Platzbuchung",
    subCourt: "Feld",
    waiting: "Warteliste: ",
    organiser: "Du organisierst diese Kickrunde.",
    player: "Du spielst mit.",
    waitingNote: "Du stehst auf der Warteliste.",
    bookingRequested: "Angefragt: der Platzbetreiber hat noch nicht bestätigt.",
    bookingToPay: "Bestätigt: bitte bezahle die Buchung.",
    bookingDeclined: "Abgelehnt vom Platzbetreiber.",
    cancelled: "Abgesagt.",
    tournamentOrganiser: "Du organisierst dieses Turnier.",
    tournamentTeam: "Dein Team ist angemeldet.",
    tournamentWaiting: "Dein Team steht auf der Warteliste.",
    tournamentDraft: "Noch nicht veröffentlicht.",
    calendar: "Deine Kickrunden, Platzbuchungen und Turniere",
  },
  en: {
    game: "Kickrunde",
    booking: "Court booking",
    subCourt: "Pitch",
    waiting: "Waiting list: ",
    organiser: "You organise this game.",
    player: "You are playing.",
    waitingNote: "You are on the waiting list.",
    bookingRequested: "Requested: the court has not confirmed yet.",
    bookingToPay: "Confirmed: please pay for the booking.",
    bookingDeclined: "Declined by the court.",
    cancelled: "Cancelled.",
    tournamentOrganiser: "You organise this tournament.",
    tournamentTeam: "Your team is registered.",
    tournamentWaiting: "Your team is on the waiting list.",
    tournamentDraft: "Not published yet.",
    calendar: "Your games, court bookings and tournaments",
  },
} as const;

const newToken = () => randomBytes(32).toString("base64url");

function present(deps: Pick<Deps, "config">, row: repo.CalendarFeedRow): TCalendarFeed {
  const url = `${deps.config.publicUrl.replace(/\/$/, "")}/api/calendar/${row.token}.ics`;
  const webcalUrl = url.replace(/^https?:\/\//, "webcal://");
  return {
    url,
    webcalUrl,
    googleCalendarUrl: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`,
    createdAt: row.createdAt,
    lastFetchedAt: row.lastFetchedAt,
  };
}

/** calendarFeed.get: the signed-in user's subscription link, null while they have none. */
export async function myCalendarFeed(ctx: Ctx): Promise<TCalendarFeed | null> {
  const row = await repo.findByUser(ctx.deps.db, requireViewer(ctx).userId);
  return row ? present(ctx.deps, row) : null;
}

/**
 * calendarFeed.create: a new secret link for the signed-in user. With one already there it is replaced in the same
 * statement, so the old address answers 404 from that moment (README "Rotating and revoking").
 */
export async function createCalendarFeed(ctx: Ctx): Promise<TCalendarFeed> {
  const userId = requireViewer(ctx).userId;
  return present(ctx.deps, await repo.upsert(ctx.deps.db, userId, newToken(), ctx.deps.clock.now()));
}

/** calendarFeed.revoke: ends the subscription; the address answers 404 from now on. `revoked` false when there was none. */
export async function revokeCalendarFeed(ctx: Ctx): Promise<{ revoked: boolean }> {
  return { revoked: await repo.remove(ctx.deps.db, requireViewer(ctx).userId) };
}

/* ---- what is in a user's calendar ---- */

type Window = { from: Date; to: Date | null };

const place = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p && p.trim())).join(", ") || null;
const lines = (...parts: (string | null | false | undefined)[]) => parts.filter((p): p is string => Boolean(p)).join("\n") || null;
const latest = (...dates: (Date | null | undefined)[]) => new Date(Math.max(...dates.map((d) => (d ? d.getTime() : 0))));
/** Whole seconds since 2026-01-01 (never below 0): a later change always gives a larger number. */
const sequenceOf = (changedAt: Date) => Math.max(0, Math.floor((changedAt.getTime() - SEQUENCE_EPOCH_MS) / 1000));

const gameTitle = (game: { title: string | null; court: { name: string } | null }, lang: Language) =>
  game.title?.trim() || (game.court ? `${TEXT[lang].game} · ${game.court.name}` : TEXT[lang].game);

/** The events of the user's calendar in the window: games, bookings, tournaments, in start order. */
async function calendarEvents(deps: Pick<Deps, "db" | "config">, userId: number, lang: Language, window: Window): Promise<(FeedEvent & { start: Date })[]> {
  const t = TEXT[lang];
  const base = deps.config.publicUrl.replace(/\/$/, "");
  const [games, bookings, tournaments] = await Promise.all([
    calendarGamesOf(deps.db, userId, window),
    calendarBookingsOf(deps.db, userId, window),
    calendarTournamentsOf(deps.db, userId, window),
  ]);
  const events: FeedEvent[] = [];
  for (const g of games) {
    // the organiser's own row decides when they also play; an organiser who only organises has no participation
    const waiting = g.queue === true && !g.organiser;
    const cancelled = g.cancelledAt !== null;
    const changedAt = latest(g.updatedAt, g.participationUpdatedAt);
    events.push({
      uid: `game-${g.id}@kickrunde`,
      sequence: sequenceOf(changedAt),
      changedAt,
      start: g.startTime,
      end: g.endTime,
      summary: `${waiting ? t.waiting : ""}${gameTitle(g, lang)}`,
      location: place(g.court?.name, g.court?.address) ?? g.regionName,
      description: lines(cancelled && t.cancelled, g.organiser ? t.organiser : waiting ? t.waitingNote : t.player),
      url: `${base}/game/${g.id}`,
      status: cancelled ? "CANCELLED" : waiting ? "TENTATIVE" : "CONFIRMED",
    });
  }
  for (const b of bookings) {
    const cancelled = b.status === "CA" || b.status === "DE";
    const status: FeedEventStatus = cancelled ? "CANCELLED" : b.status === "BO" ? "CONFIRMED" : "TENTATIVE";
    const note = b.status === "DE" ? t.bookingDeclined : b.status === "CA" ? t.cancelled : b.status === "TP" ? t.bookingToPay : b.status === "BO" ? null : t.bookingRequested;
    events.push({
      uid: `booking-${b.id}@kickrunde`,
      sequence: sequenceOf(b.updatedAt),
      changedAt: b.updatedAt,
      start: b.startsAt,
      end: b.endsAt,
      summary: `${t.booking} · ${b.courtName}`,
      location: place(b.courtName, b.subCourtName ? `${t.subCourt} ${b.subCourtName}` : null, b.courtAddress),
      description: note,
      url: `${base}/court-booking/${b.id}`,
      status,
    });
  }
  for (const tour of tournaments) {
    const cancelled = tour.cancelledAt !== null;
    const waiting = !tour.organiser && !tour.team && tour.teamWaiting;
    const changedAt = latest(tour.updatedAt, tour.teamsUpdatedAt);
    events.push({
      uid: `tournament-${tour.id}@kickrunde`,
      sequence: sequenceOf(changedAt),
      changedAt,
      start: tour.startTime,
      end: tour.endTime,
      summary: `${waiting ? t.waiting : ""}${tour.name}`,
      location: place(tour.locationName ?? tour.court?.name, tour.court?.address) ?? tour.regionName,
      description: lines(
        cancelled && t.cancelled,
        tour.organiser && tour.publishedAt === null && t.tournamentDraft,
        tour.organiser ? t.tournamentOrganiser : waiting ? t.tournamentWaiting : t.tournamentTeam,
      ),
      url: `${base}/tournament/${tour.id}`,
      status: cancelled ? "CANCELLED" : waiting || tour.publishedAt === null ? "TENTATIVE" : "CONFIRMED",
    });
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
}

/**
 * The file behind `/api/calendar/<token>.ics` (server/http/calendar-feed.ts): null for a malformed, unknown or revoked
 * token (the route answers all three with the same 404). The owner's language from their account; the window from
 * FEED_DAYS_BACK days ago to every future event. Notes the fetch (at most every 5 minutes).
 */
export async function calendarFeedFile(deps: Pick<Deps, "db" | "config" | "clock">, token: string): Promise<{ body: string } | null> {
  if (!CALENDAR_FEED_TOKEN_PATTERN.test(token)) return null;
  const feed = await repo.findByToken(deps.db, token);
  if (!feed) return null;
  const now = deps.clock.now();
  const user = await findUser(deps.db, feed.userId);
  const lang: Language = user?.applicationLanguage === "en" ? "en" : "de";
  const events = await calendarEvents(deps, feed.userId, lang, { from: new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000), to: null });
  await repo.touch(deps.db, token, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  return { body: buildFeed(events, TEXT[lang].calendar) };
}

/**
 * calendarFeed.overlaps: what of the signed-in user's own calendar runs at the same time as the game they are about
 * to join: games they organise, play or wait for, their court bookings, none cancelled, and the busy times of their
 * Google calendar when they connected it for this check (README "Overlap warning"; calendar's personalBusyTimes:
 * free/busy only, answered without it when Google is slow or fails). Each says whether it stops the join
 * (`blocksJoin`: participation's ALREADY_IN_GAME_AT_TIME) or only informs. The game itself is left out; a game the
 * viewer may not see is GAME_NOT_FOUND as everywhere.
 */
export async function calendarOverlaps(ctx: Ctx, input: z.output<typeof ZCalendarOverlapsInput>): Promise<TCalendarOverlap[]> {
  const userId = requireViewer(ctx).userId;
  const game = await gameById(ctx, input.gameId);
  const window = { from: game.startTime, to: game.endTime };
  const [games, bookings, busy] = await Promise.all([
    calendarGamesOf(ctx.deps.db, userId, window),
    calendarBookingsOf(ctx.deps.db, userId, window),
    personalBusyTimes(ctx.deps, userId, window),
  ]);
  const overlaps: TCalendarOverlap[] = [
    ...games
      .filter((g) => g.id !== game.id && g.cancelledAt === null)
      .map((g) => ({
        kind: "game" as const,
        id: g.id,
        // "Kickrunde" is the brand in both languages: the same fallback title as the feed's
        title: gameTitle(g, "de"),
        startTime: g.startTime,
        endTime: g.endTime,
        role: g.organiser ? ("ORGANISER" as const) : g.queue ? ("WAITING" as const) : ("PLAYER" as const),
        // a participation of theirs, playing or waiting: participation's join refuses the new game (ALREADY_IN_GAME_AT_TIME)
        blocksJoin: g.queue !== null,
      })),
    ...bookings
      .filter((b) => b.status !== "CA" && b.status !== "DE")
      .map((b) => ({ kind: "booking" as const, id: b.id, title: b.courtName, startTime: b.startsAt, endTime: b.endsAt, role: "RENTER" as const, blocksJoin: false })),
    // touching ends do not count, as for games and bookings (Google's free/busy already cuts to the window)
    ...(busy ?? [])
      .filter((b) => b.end > window.from && b.start < window.to)
      .map((b, i) => ({ kind: "google" as const, id: i + 1, title: "", startTime: b.start, endTime: b.end, role: "BUSY" as const, blocksJoin: false })),
  ];
  // games before bookings at the same start, then by id: a stable order for the modal
  return overlaps.sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.kind.localeCompare(b.kind) * -1 || a.id - b.id);
}

/**
 * Account deletion (Deps.accountDeletionHooks, set in domains/reactions.ts): the subscription ends with the account.
 * The users row is anonymised, not deleted, so the foreign key's cascade alone would keep the link working.
 */
export async function endFeedOfDeletedAccount(_deps: Deps, tx: Tx, userId: number): Promise<void> {
  await repo.remove(tx, userId);
}
