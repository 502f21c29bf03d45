import { describe, expect } from "bun:test";
import postgres from "postgres";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * Waiting-list offers close to kick-off (issue 29) at 390 px in German and English: a full game 3 hours before
 * its start, a player leaves; the first in line sees "Ein Platz ist für Dich frei" with the deadline counting down
 * and accepts; the organiser sees who holds an offer until when; another player leaves, the next in line declines,
 * and the place passes on to the one after.
 *
 * The server runs on the real clock, so the test moves its game in its own database to start in a few hours.
 */
const h = useHarness();

async function sql<T>(work: (tx: postgres.Sql) => Promise<T>): Promise<T> {
  const db = postgres(h.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

type Offers = { own: { participationId: number; expiresAt: string } | null; holders: { name: string }[] };

const TEXTS = {
  de: {
    locale: "de-DE",
    organiser: "orga@kickrunde.de",
    day: 9,
    hoursAhead: 3,
    title: "Ein Platz ist für Dich frei",
    until: /^Nimm ihn bis \d\d:\d\d Uhr an, sonst geht er an den Nächsten auf der Warteliste\.$/,
    accept: "Annehmen",
    decline: "Ablehnen",
    accepted: "Du spielst mit!",
    declined: "Abgelehnt. Der Platz geht an den Nächsten auf der Warteliste.",
    holders: "Platz angeboten",
    holder: /^Angebot bis \d\d:\d\d Uhr$/,
    heldSpot: "1 Platz für die Warteliste",
  },
  en: {
    locale: "en-GB",
    organiser: "admin@kickrunde.de",
    day: 10,
    hoursAhead: 7,
    title: "A place is free for you",
    until: /^Accept it by \d\d:\d\d, or it goes to the next player on the waiting list\.$/,
    accept: "Accept",
    decline: "Decline",
    accepted: "You're playing!",
    declined: "Declined. The place goes to the next player on the waiting list.",
    holders: "Place offered",
    holder: /^Offer until \d\d:\d\d$/,
    heldSpot: "1 spot for the waiting list",
  },
} as const;

const PLAYERS = ["spieler@kickrunde.de", "mehmet@kickrunde.de"];
const WAITING = ["lukas@kickrunde.de", "noah@kickrunde.de", "sophie@kickrunde.de"];

describe("waiting-list offers close to kick-off", () => {
  for (const [lang, t] of Object.entries(TEXTS)) {
    test(
      `${lang}: a place freed 3 hours ahead is offered to the first in line, who accepts; the next declines and it passes on`,
      async () => {
        // the waiting list needs a confirmed address: the seed leaves Lukas's and Noah's unconfirmed
        await sql((db) => db`update users set email_verified_at = now() where email in ${db(WAITING)} and email_verified_at is null`);
        const orga = await h.newContext({ locale: t.locale });
        await signIn(orga, t.organiser);
        // the organiser plays: 3 places, full with two players, three waiting
        const gameId = await createBerlinGame(h, orga, daysAhead(t.day, 5), { maxPlayers: 3 });
        const contexts = new Map<string, Awaited<ReturnType<typeof h.newContext>>>();
        for (const email of [...PLAYERS, ...WAITING]) {
          const context = await h.newContext({ locale: t.locale });
          await signIn(context, email);
          contexts.set(email, context);
          const queue = WAITING.includes(email);
          await trpcCall(context, "mutation", "participation.join", queue ? { gameId, queue: true, deviceToken: `e2e-offer-${lang}-${email}` } : { gameId });
        }
        await sql(async (db) => {
          await db`update games set start_time = now() + ${`${t.hoursAhead} hours`}::interval, end_time = now() + ${`${t.hoursAhead + 1} hours`}::interval where id = ${gameId}`;
        });
        const offersOf = (email: string) => trpcCall<Offers>(contexts.get(email)!, "query", "participation.offers", { gameId });

        // the first player leaves: the place is offered to the first in line
        await trpcCall(contexts.get(PLAYERS[0]!)!, "mutation", "participation.revoke", { gameId });
        expect((await offersOf(WAITING[0]!)).own).not.toBeNull();
        const first = await contexts.get(WAITING[0]!)!.newPage();
        await first.goto(`/game/${gameId}`);
        const card = first.getByTestId("waiting-list-offer");
        await card.getByText(t.title, { exact: true }).waitFor();
        await card.getByText(t.until).waitFor();
        await card.getByRole("timer").waitFor();
        await card.scrollIntoViewIfNeeded();
        await shot(first, `waiting-list-offer-${lang}-offer`);

        // the organiser sees who holds the offer until when
        const orgaPage = await orga.newPage();
        await orgaPage.goto(`/game/${gameId}`);
        const holders = orgaPage.getByTestId("waiting-list-offer-holders");
        await holders.getByText(t.holders, { exact: true }).waitFor();
        await holders.getByText(t.holder).waitFor();
        // the held place is not offered to newcomers as free: the player list says whose it is
        await orgaPage.getByText(t.heldSpot, { exact: true }).waitFor();
        await holders.scrollIntoViewIfNeeded();
        await shot(orgaPage, `waiting-list-offer-${lang}-organiser`);

        // one tap: the first in line plays
        await card.getByRole("button", { name: t.accept, exact: true }).click();
        await first.getByText(t.accepted).first().waitFor();
        await first.getByTestId("waiting-list-offer").waitFor({ state: "detached" });
        await shot(first, `waiting-list-offer-${lang}-accepted`);
        const game = await trpcCall<{ participations: { id: number; queue: boolean; player: { id: number } | null }[]; viewer: { participation: { queue: boolean } | null } }>(first, "query", "games.byId", { gameId });
        expect(game.viewer.participation?.queue).toBe(false);

        // the second player leaves: the next in line declines, and the place passes on to the one after
        await trpcCall(contexts.get(PLAYERS[1]!)!, "mutation", "participation.revoke", { gameId });
        const second = await contexts.get(WAITING[1]!)!.newPage();
        await second.goto(`/game/${gameId}`);
        const secondCard = second.getByTestId("waiting-list-offer");
        await secondCard.getByText(t.title, { exact: true }).waitFor();
        await secondCard.getByRole("button", { name: t.decline, exact: true }).click();
        await second.getByText(t.declined).first().waitFor();
        await second.getByTestId("waiting-list-offer").waitFor({ state: "detached" });
        await shot(second, `waiting-list-offer-${lang}-declined`);
        expect((await offersOf(WAITING[1]!)).own).toBeNull();
        expect((await offersOf(WAITING[2]!)).own).not.toBeNull();
        const third = await contexts.get(WAITING[2]!)!.newPage();
        await third.goto(`/game/${gameId}`);
        await third.getByTestId("waiting-list-offer").getByText(t.title, { exact: true }).waitFor();

        for (const context of contexts.values()) await context.close();
        await orga.close();
      },
      E2E_TIMEOUT,
    );
  }
});
