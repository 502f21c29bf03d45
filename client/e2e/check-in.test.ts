import { describe, expect } from "bun:test";
import postgres from "postgres";
import type { BrowserContext } from "playwright-core";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * Check-in at the pitch (issue 29) at 390 px in German and English: a player near the court checks in with the
 * browser's position, one far away is told how far; the organiser's one-tap list counts them; once the game is
 * over, the rating screen starts pre-filled from the check-ins.
 *
 * The server runs on the real clock, so the test moves its game in its own database: first to start in 10
 * minutes (check-in is open), then into the past (the rating is open), with the check-in times moved along.
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

/** A context signed in as `email` whose browser reports `position` (the permission granted, as after "Allow"). */
async function playerAt(email: string, locale: string, position: { latitude: number; longitude: number }): Promise<BrowserContext> {
  const context = await h.newContext({ locale });
  await context.grantPermissions(["geolocation"], { origin: h.baseUrl });
  await context.setGeolocation({ ...position, accuracy: 25 });
  await signIn(context, email);
  return context;
}

const TEXTS = {
  de: {
    locale: "de-DE",
    organiser: "orga@kickrunde.de",
    players: ["spieler@kickrunde.de", "mehmet@kickrunde.de"],
    names: ["Lena", "Mehmet"],
    day: 3,
    title: "Am Platz?",
    button: "Einchecken",
    done: /^Eingecheckt um \d\d:\d\d$/,
    denied: /^Du hast Deinen Standort nicht freigegeben\./,
    tooFar: /^Du bist etwa 2,[0-9] km vom Platz entfernt\. Einchecken geht im Umkreis von 180 m\./,
    count: (n: number) => `${n} von 3 eingecheckt`,
    checkIn: (name: string) => `${name} einchecken`,
    attendance: "Anwesenheitsliste",
    came: "Da",
    late: "Zu spät",
    prefilled: "Vorausgefüllt aus den Check-ins. Du kannst jede Angabe ändern, Deine Auswahl zählt.",
    save: "Bewertung speichern",
    saved: "Danke! Die Bewertung ist gespeichert.",
  },
  en: {
    locale: "en-GB",
    organiser: "admin@kickrunde.de", // one organiser may create a game every 2 minutes
    players: ["sophie@kickrunde.de", "emma@kickrunde.de"],
    names: ["Sophie", "Emma"],
    day: 4,
    title: "At the court?",
    button: "Check in",
    done: /^Checked in at \d\d:\d\d$/,
    denied: /^You did not share your location\./,
    tooFar: /^You are about 2\.[0-9] km from the court\. Check-in works within 180 m\./,
    count: (n: number) => `${n} of 3 checked in`,
    checkIn: (name: string) => `Check in ${name}`,
    attendance: "Attendance list",
    came: "Came",
    late: "Late",
    prefilled: "Pre-filled from the check-ins. You can change any of them; your choice counts.",
    save: "Save rating",
    saved: "Thanks! The rating has been saved.",
  },
} as const;

describe("check-in at the pitch", () => {
  for (const [lang, t] of Object.entries(TEXTS)) {
    test(
      `${lang}: near checks in, far is told how far, the organiser's list counts, the rating starts pre-filled`,
      async () => {
        // a game of the organiser with two players, then moved to start in 10 minutes
        const orga = await h.newContext({ locale: t.locale });
        await signIn(orga, t.organiser);
        const gameId = await createBerlinGame(h, orga, daysAhead(t.day, 6));
        const joined: number[] = [];
        for (const email of t.players) {
          const context = await h.newContext();
          await signIn(context, email);
          joined.push((await trpcCall<{ participation: { id: number } }>(context, "mutation", "participation.join", { gameId })).participation.id);
          await context.close();
        }
        const court = await sql(async (db) => {
          await db`update games set start_time = now() + interval '10 minutes', end_time = now() + interval '70 minutes' where id = ${gameId}`;
          const [row] = await db`select c.latitude, c.longitude from games g join courts c on c.id = g.court_id where g.id = ${gameId}`;
          return { latitude: Number(row!.latitude), longitude: Number(row!.longitude) };
        });

        // near: 40 m north of the court (accuracy 25 m: within 175 m)
        const near = await playerAt(t.players[0], t.locale, { latitude: court.latitude + 40 / 111_195, longitude: court.longitude });
        const page = await near.newPage();
        await page.goto(`/game/${gameId}`);
        const card = page.getByTestId("check-in");
        await card.getByText(t.title, { exact: true }).waitFor();
        await card.scrollIntoViewIfNeeded();
        await shot(page, `check-in-${lang}-before`);
        await card.getByRole("button", { name: t.button }).click();
        const done = page.getByTestId("check-in-done");
        await done.getByText(t.done).waitFor();
        expect(await page.getByTestId("check-in").count()).toBe(0);
        expect(await page.getByText(t.done).count()).toBe(1); // one status, shown once
        await done.scrollIntoViewIfNeeded();
        await shot(page, `check-in-${lang}-done`);
        // after a reload it still says so
        await page.reload();
        await page.getByTestId("check-in-done").getByText(t.done).waitFor();

        // the location not allowed (the browser's permission denied): what to do instead
        const denied = await h.newContext({ locale: t.locale });
        await signIn(denied, t.players[1]);
        const deniedPage = await denied.newPage();
        await deniedPage.goto(`/game/${gameId}`);
        await deniedPage.getByTestId("check-in").getByRole("button", { name: t.button }).click();
        await deniedPage.getByTestId("check-in").getByRole("alert").getByText(t.denied).waitFor();
        await deniedPage.getByTestId("check-in").scrollIntoViewIfNeeded();
        await shot(deniedPage, `check-in-${lang}-denied`);
        await denied.close();

        // far: about 2.2 km away
        const far = await playerAt(t.players[1], t.locale, { latitude: court.latitude + 0.02, longitude: court.longitude });
        const farPage = await far.newPage();
        await farPage.goto(`/game/${gameId}`);
        const farCard = farPage.getByTestId("check-in");
        await farCard.getByRole("button", { name: t.button }).click();
        await farCard.getByRole("alert").getByText(t.tooFar).waitFor();
        await farCard.scrollIntoViewIfNeeded();
        await shot(farPage, `check-in-${lang}-too-far`);
        expect(await farPage.getByTestId("check-in-done").count()).toBe(0);

        // the organiser's one-tap list: the near player is in; a tap checks the far one in
        const orgaPage = await orga.newPage();
        await orgaPage.goto(`/game/${gameId}/attendance-list`);
        const list = orgaPage.getByTestId("check-in-list");
        await list.getByTestId("check-in-count").getByText(t.count(1), { exact: true }).waitFor();
        await shot(orgaPage, `check-in-${lang}-list`);
        await list.getByRole("switch", { name: t.checkIn(t.names[1]) }).click();
        await list.getByTestId("check-in-count").getByText(t.count(2), { exact: true }).waitFor();
        await shot(orgaPage, `check-in-${lang}-list-tapped`);

        // the game is over: the near player came 5 minutes before the start, the other 12 minutes late
        await sql(async (db) => {
          await db`update games set start_time = now() - interval '2 hours', end_time = now() - interval '1 hour' where id = ${gameId}`;
          await db`update check_ins set checked_in_at = now() - interval '2 hours 5 minutes' where participation_id = ${joined[0]!}`;
          await db`update check_ins set checked_in_at = now() - interval '1 hour 48 minutes' where participation_id = ${joined[1]!}`;
        });
        await orgaPage.reload();
        await orgaPage.getByRole("heading", { name: t.attendance, level: 1 }).waitFor();
        await orgaPage.getByText(t.prefilled).waitFor();
        const rating = (name: string) => orgaPage.getByRole("radiogroup", { name: new RegExp(name) });
        await rating(t.names[0]).getByRole("radio", { name: t.came, exact: true, checked: true }).waitFor();
        await rating(t.names[1]).getByRole("radio", { name: t.late, exact: true, checked: true }).waitFor();
        await rating(t.names[1]).scrollIntoViewIfNeeded();
        await shot(orgaPage, `check-in-${lang}-rating`, { full: true });
        // the organiser's choice wins over the pre-fill
        await rating(t.names[1]).getByRole("radio", { name: t.came, exact: true }).click();
        await orgaPage.getByRole("button", { name: t.save }).click();
        await orgaPage.getByText(t.saved).waitFor();
        const game = await trpcCall<{ participations: { id: number; organizerReliabilityFeedback: string | null }[] }>(orgaPage, "query", "games.byId", { gameId });
        const feedbackOf = (id: number) => game.participations.find((p) => p.id === id)?.organizerReliabilityFeedback;
        expect([feedbackOf(joined[0]!), feedbackOf(joined[1]!)]).toEqual(["CAME", "CAME"]);
        await Promise.all([near.close(), far.close(), orga.close()]);
      },
      E2E_TIMEOUT,
    );
  }
});
