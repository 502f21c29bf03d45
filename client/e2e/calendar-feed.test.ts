import { describe, expect } from "bun:test";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, eventually, shot, signIn, trpcCall, useHarness, withDatabase, test } from "./harness";

/**
 * Issue 29, the personal calendar subscription and the overlap warning at 390 px, in German and English: a player
 * who plays one game opens the join step of another at the same time and reads that the join will be refused; at a
 * third game, at the time of their court booking, reads the clash and joins anyway; then on the profile creates the "Kalender-Abo", copies the link, fetches the .ics with the page's own URL and finds
 * the joined game in it, renews the link (the old one answers 404) and ends the subscription.
 */
const h = useHarness();

const TEXTS = {
  de: {
    locale: "de-DE",
    player: "spieler@kickrunde.de",
    // an organiser may create one game every 2 minutes, and only some may give a title: one organiser per game
    organisers: ["orga@kickrunde.de", "emma@kickrunde.de", "sophie@kickrunde.de"],
    playAlong: "MITSPIELEN",
    joinDialog: "Mitspielen",
    joinSubmit: "Jetzt mitspielen",
    joined: "Du bist dabei!",
    joinedOk: "Alles klar",
    overlapLine: (title: string, from: string, to: string) => `Zur gleichen Zeit: ${title}, ${from}–${to}`,
    booking: (court: string) => `Platzbuchung · ${court}`,
    stillJoin: "Du kannst trotzdem mitspielen.",
    blocks: "Du spielst oder wartest schon in einer Kickrunde zur gleichen Zeit: Melde Dich dort zuerst ab, um hier mitzuspielen.",
    card: "Kalender-Abo",
    create: "Kalender-Link erstellen",
    copy: "Kopieren",
    copied: "Link kopiert",
    open: "In Kalender-App öffnen",
    google: "Zu Google Kalender hinzufügen",
    rotate: "Link erneuern",
    rotateConfirm: "Ja, neuen Link erstellen",
    revoke: "Abo beenden",
    revokeConfirm: "Ja, Abo beenden",
  },
  en: {
    locale: "en-GB",
    player: "mehmet@kickrunde.de",
    organisers: ["admin@kickrunde.de", "platz@kickrunde.de", "support@kickrunde.de"],
    playAlong: "JOIN",
    joinDialog: "Join",
    joinSubmit: "Join now",
    joined: "You're in!",
    joinedOk: "Got it",
    overlapLine: (title: string, from: string, to: string) => `At the same time: ${title}, ${from}–${to}`,
    booking: (court: string) => `Court booking · ${court}`,
    stillJoin: "You can still join.",
    blocks: "You already play or wait in a game at the same time: leave it first to join this one.",
    card: "Calendar subscription",
    create: "Create calendar link",
    copy: "Copy",
    copied: "Link copied",
    open: "Open in calendar app",
    google: "Add to Google Calendar",
    rotate: "Renew link",
    rotateConfirm: "Yes, create a new link",
    revoke: "End subscription",
    revokeConfirm: "Yes, end it",
  },
} as const;

const COURT = "Soccerhalle Kreuzberg";

/** "18:00" in Berlin, as the app shows times. */
const berlinTime = (instant: Date) => new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);

describe("calendar subscription and overlap warning", () => {
  for (const [language, t] of Object.entries(TEXTS) as [keyof typeof TEXTS, (typeof TEXTS)[keyof typeof TEXTS]][]) {
    test(
      `${language}: the join step warns of a clash; the profile creates, copies, renews and ends the calendar link`,
      async () => {
        // a game the player plays, and another at the same time: joining that one is refused, and the step says so
        const day = language === "de" ? 5 : 8;
        const start = daysAhead(day, 17);
        const end = new Date(start.getTime() + 90 * 60_000);
        const playedTitle = language === "de" ? "Feierabendkick, Süd; Halle" : "After-work kick, south; hall";
        const played = await createBerlinGame(h, t.organisers[0], start, { title: playedTitle, durationMinutes: 90 });
        const clashing = await createBerlinGame(h, t.organisers[1], new Date(start.getTime() + 30 * 60_000));

        const context = await h.newContext({ locale: t.locale });
        await context.grantPermissions(["notifications", "clipboard-read", "clipboard-write"], { origin: h.baseUrl });
        await signIn(context, t.player);
        await trpcCall(context, "mutation", "participation.join", { gameId: played, playerCount: 1 });
        const page = await context.newPage();

        await page.goto(`/game/${clashing}`);
        await page.getByRole("button", { name: t.playAlong, exact: true }).click();
        let dialog = page.getByRole("dialog", { name: t.joinDialog });
        let warning = dialog.getByTestId("join-overlaps");
        await warning.getByText(t.overlapLine(playedTitle, berlinTime(start), berlinTime(end)), { exact: true }).waitFor();
        await warning.getByText(t.blocks).waitFor();
        await shot(page, `calendar-overlap-blocks-${language}`);

        // a court booking at the time of a third game only informs: the player joins anyway
        const { courts } = await trpcCall<{ courts: { id: number; name: string }[] }>(context, "query", "courts.ofRegion", { regionSlug: "berlin" });
        const hall = courts.find((c) => c.name === COURT)!;
        let booking: { id: number; startTime: Date; endTime: Date } | null = null;
        for (let d = day + 1; d < day + 10 && !booking; d++) {
          const { slots } = await trpcCall<{ slots: { startTime: Date; options: ({ duration: number } | null)[] }[] }>(context, "query", "bookings.slots", { courtId: hall.id, date: addBerlinDays(berlinDay(new Date()), d) });
          const slot = slots.find((s) => s.options.some((o) => o?.duration === 60));
          if (slot) booking = await trpcCall(context, "mutation", "bookings.create", { courtId: hall.id, startTime: slot.startTime, duration: 60 });
        }
        if (!booking) throw new Error("no free hour at the Soccerhalle");
        const third = await createBerlinGame(h, t.organisers[2], booking.startTime);
        await page.goto(`/game/${third}`);
        await page.getByRole("button", { name: t.playAlong, exact: true }).click();
        dialog = page.getByRole("dialog", { name: t.joinDialog });
        warning = dialog.getByTestId("join-overlaps");
        await warning.getByText(t.overlapLine(t.booking(COURT), berlinTime(booking.startTime), berlinTime(booking.endTime)), { exact: true }).waitFor();
        await warning.getByText(t.stillJoin).waitFor();
        await shot(page, `calendar-overlap-${language}`);
        await dialog.getByRole("button", { name: t.joinSubmit }).click();
        const success = page.getByRole("dialog", { name: t.joined });
        await success.waitFor();
        await success.getByRole("button", { name: t.joinedOk }).click();

        // the profile's card: create the link
        await page.goto("/profile");
        const card = page.getByTestId("calendar-feed");
        await card.getByRole("heading", { name: t.card }).waitFor();
        await card.scrollIntoViewIfNeeded();
        await shot(page, `calendar-feed-empty-${language}`);
        await card.getByRole("button", { name: t.create }).click();
        const urlField = card.getByTestId("calendar-feed-url");
        await urlField.waitFor();
        const url = await urlField.inputValue();
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
        const webcal = url.replace(/^http:\/\//, "webcal://");
        expect(await card.getByRole("link", { name: t.open }).getAttribute("href")).toBe(webcal);
        expect(await card.getByRole("link", { name: t.google }).getAttribute("href")).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);

        // copy: the toast confirms, the clipboard holds the link
        await card.getByRole("button", { name: t.copy, exact: true }).click();
        await page.getByText(t.copied).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
        await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(page, `calendar-feed-link-${language}`);

        // the .ics behind the page's URL has both joined games and the booking, not the refused game
        const feed = await context.request.get(url);
        expect(feed.status()).toBe(200);
        expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
        const ics = await feed.text();
        expect(ics).toContain(`UID:game-${played}@kickrunde\r\n`);
        expect(ics).toContain(`UID:game-${third}@kickrunde\r\n`);
        expect(ics).toContain(`UID:booking-${booking.id}@kickrunde\r\n`);
        expect(ics).not.toContain(`UID:game-${clashing}@kickrunde\r\n`);
        expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n");
        expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:${playedTitle.replace(/,/g, "\\,").replace(/;/g, "\\;")}\r\n`);

        // renew: asked once more; the old link is gone at once, the new one works
        await card.getByRole("button", { name: t.rotate }).click();
        await page.getByTestId("calendar-feed-confirm").waitFor();
        await shot(page, `calendar-feed-rotate-${language}`);
        await page.getByRole("button", { name: t.rotateConfirm }).click();
        await eventually(async () => (await urlField.inputValue()) !== url, { what: "the renewed link shown" });
        const renewed = await urlField.inputValue();
        expect((await context.request.get(url)).status()).toBe(404);
        expect((await context.request.get(renewed)).status()).toBe(200);

        // end: asked once more; the link answers 404 and the card offers a new one
        await card.getByRole("button", { name: t.revoke }).click();
        await page.getByRole("button", { name: t.revokeConfirm }).click();
        await card.getByRole("button", { name: t.create }).waitFor();
        expect((await context.request.get(renewed)).status()).toBe(404);
        await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(page, `calendar-feed-ended-${language}`);
        await context.close();
      },
      E2E_TIMEOUT,
    );
  }
});

const GOOGLE_TEXTS = {
  de: {
    locale: "de-DE",
    // no demo game of theirs on the first day's evening
    player: "emma@kickrunde.de",
    card: "Google Kalender",
    connect: "Google Kalender verbinden",
    connected: "Google Kalender verbunden. Ab jetzt warnen wir Dich vor Überschneidungen.",
    on: "Verbunden: Beim Mitspielen prüfen wir Deinen Google Kalender auf Überschneidungen.",
    playAlong: "MITSPIELEN",
    joinDialog: "Mitspielen",
    line: "Zur gleichen Zeit: Belegt in Deinem Google Kalender, 18:30–19:00",
    stillJoin: "Du kannst trotzdem mitspielen.",
    disconnect: "Verbindung trennen",
    disconnected: "Google Kalender getrennt.",
  },
  en: {
    locale: "en-GB",
    player: "sophie@kickrunde.de",
    card: "Google Calendar",
    connect: "Connect Google Calendar",
    connected: "Google Calendar connected. From now on we warn you about clashes.",
    on: "Connected: when you join a game, we check your Google Calendar for clashes.",
    playAlong: "JOIN",
    joinDialog: "Join",
    line: "At the same time: Busy in your Google Calendar, 18:30–19:00",
    stillJoin: "You can still join.",
    disconnect: "Disconnect",
    disconnected: "Google Calendar disconnected.",
  },
} as const;

describe("the personal Google calendar in the overlap warning", () => {
  for (const [language, t] of Object.entries(GOOGLE_TEXTS) as [keyof typeof GOOGLE_TEXTS, (typeof GOOGLE_TEXTS)[keyof typeof GOOGLE_TEXTS]][]) {
    test(
      `${language}: a player connects Google on the profile; the join step names a busy time of it; disconnecting ends the check`,
      async () => {
        // the demo game at the Mauerpark tomorrow 18:30; the emulated Google account's primary calendar has "Zahnarzt" 18:00-19:00
        const mauerpark = await withDatabase(h, async (sql) => {
          const start = berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), 1), "18:30");
          const [row] = await sql<{ id: number }[]>`select g.id from games g join courts c on c.id = g.court_id where c.name = 'Mauerpark Soccer Court' and g.start_time = ${start}`;
          return row!.id;
        });
        const context = await h.newContext({ locale: t.locale });
        await signIn(context, t.player);
        const page = await context.newPage();
        await page.goto("/profile");
        const card = page.getByTestId("google-overlaps");
        await card.getByRole("heading", { name: t.card, exact: true }).waitFor();
        await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(page, `google-overlaps-off-${language}`);

        // off to Google's consent page (the emulator's), and back with the check on
        await card.getByRole("button", { name: t.connect }).click();
        await page.waitForURL((url) => url.pathname === "/o/oauth2/v2/auth");
        await page.getByRole("button", { name: "Allow" }).click();
        await page.waitForURL((url) => url.origin === h.baseUrl && url.pathname === "/profile");
        await card.getByText(t.connected).waitFor();
        await page.waitForURL((url) => !url.searchParams.has("googleOverlaps"));
        expect(await card.getAttribute("data-state")).toBe("on");
        await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(page, `google-overlaps-on-${language}`);

        // the join step of the game at that time names the busy time (free/busy only: no title) and still lets them join
        await page.goto(`/game/${mauerpark}`);
        await page.getByRole("button", { name: t.playAlong, exact: true }).click();
        const dialog = page.getByRole("dialog", { name: t.joinDialog });
        const warning = dialog.getByTestId("join-overlaps");
        await warning.getByText(t.line, { exact: true }).waitFor();
        await warning.getByText(t.stillJoin).waitFor();
        expect(await warning.textContent()).not.toContain("Zahnarzt");
        await shot(page, `google-overlaps-join-${language}`);

        // the card tells that the check is on after a reload, and disconnecting ends it
        await page.goto("/profile");
        await card.getByText(t.on).waitFor();
        await card.getByRole("button", { name: t.disconnect }).click();
        await page.getByText(t.disconnected).waitFor();
        await card.getByRole("button", { name: t.connect }).waitFor();
        await page.goto(`/game/${mauerpark}`);
        await page.getByRole("button", { name: t.playAlong, exact: true }).click();
        await page.getByRole("dialog", { name: t.joinDialog }).waitFor();
        // the overlaps' answer has come (the calendarFeed.overlaps query settled) without the Google line
        await eventually(async () => (await trpcCall<unknown[]>(context, "query", "calendarFeed.overlaps", { gameId: mauerpark })).every((o) => (o as { kind: string }).kind !== "google"), {
          what: "no Google busy time after disconnecting",
        });
        expect(await page.getByText(t.line).count()).toBe(0);
        await context.close();
      },
      E2E_TIMEOUT,
    );
  }
});

