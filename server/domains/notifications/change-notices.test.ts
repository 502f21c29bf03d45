import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { courts, gameComments, participations } from "../../db/schema";
import { callerFor } from "../../testing/caller";
import { createCourt, createGameRow, createRegion } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { managedGame, signedInPlayer } from "../../testing/payment-fixtures";
import { dispatchPendingNotifications } from "./service";

/**
 * Issue 23 item 16: a change notice says what changed, in the reader's language, only for changes
 * players care about, and "free cancellation for 24 hours" only to whom the change gave it; the game
 * chat gets a system line with the changes.
 */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

/** Tuesday 1 December 2026, 10:00 in Berlin. */
const NOW = new Date("2026-12-01T09:00:00Z");
/** Friday 4 December 2026, 19:30 in Berlin. */
const FRIDAY_1930 = new Date("2026-12-04T18:30:00Z");
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);
const nbsp = (s: string) => s.replace(/\u00a0/g, " ").replace(/\r\n/g, "\n");

async function withDevice(values: Parameters<typeof signedInPlayer>[1], language: "de" | "en") {
  const p = await signedInPlayer(deps, { applicationLanguage: language, receiveGameEmails: true, ...values });
  const deviceToken = `change-${crypto.randomUUID()}`;
  await p.caller.notifications.registerNativeDevice({ deviceToken, language });
  return { ...p, deviceToken };
}

const pushesTo = async (deviceToken: string) => (await settledJobs(deps, "send-push", { deviceToken })).map((j) => ({ ...j.data.message, body: nbsp(j.data.message.body) }));
const mailJobsTo = async (email: string) => (await settledJobs(deps, "send-mail", { to: email })).map((j) => j.data.template);
const systemLines = async (gameId: number) =>
  (await deps.db.select().from(gameComments).where(and(eq(gameComments.gameId, gameId), eq(gameComments.isSystemMessage, true)))).map((c) => c.text);

describe("change notices say what changed", () => {
  test("start and price: both values in German and English, push and mail; no free cancellation in a game without managed payment; a chat line", async () => {
    testClock.freeze(NOW);
    const host = await withDevice({ isAdmin: true }, "de");
    const court = await createCourt(deps, { regionId, name: "Soccerhalle Kreuzberg" });
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, courtId: court.id, startTime: FRIDAY_1930, priceCents: 500, title: "Feierabendkick" }, 1);
    const lena = await withDevice({ firstName: "Lena" }, "de");
    const sam = await withDevice({ firstName: "Sam" }, "en");
    await lena.caller.participation.join({ gameId: g.id, deviceToken: lena.deviceToken });
    await sam.caller.participation.join({ gameId: g.id, deviceToken: sam.deviceToken });

    await host.caller.games.update({ gameId: g.id, startTime: minutes(FRIDAY_1930, 15), priceCents: 400 });
    await dispatchPendingNotifications(deps);

    expect(await pushesTo(lena.deviceToken)).toEqual([
      expect.objectContaining({ title: "Feierabendkick", body: "Geändert: Beginn: 19:30 → 19:45; Preis: 5,00 € → 4,00 €", url: `http://localhost:3000/game/${g.id}` }),
    ]);
    expect(await pushesTo(sam.deviceToken)).toEqual([expect.objectContaining({ body: "Changed: Start: 19:30 → 19:45; Price: €5.00 → €4.00" })]);
    // the editor hears nothing of their own edit
    expect(await pushesTo(host.deviceToken)).toEqual([]);
    expect((await mailJobsTo(host.user.email)).filter((t) => t.name === "game-changed")).toEqual([]);

    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(lena.user.email) && m.subject === "Geändert: Feierabendkick");
    expect(nbsp(mail.text)).toContain("Das Spiel wurde geändert:\nBeginn: 19:30 → 19:45\nPreis: 5,00 € → 4,00 €");
    expect(mail.text).not.toContain("kostenlos abmelden");
    expect(nbsp(mail.html)).toContain("Preis: 5,00 € → 4,00 €");
    const en = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(sam.user.email) && m.subject === "Changed: Feierabendkick");
    expect(nbsp(en.text)).toContain("The game was changed:\nStart: 19:30 → 19:45\nPrice: €5.00 → €4.00");

    // the chat's system line carries the changes, for each reader to word
    const [line] = await systemLines(g.id).then((l) => l.filter((t) => t.startsWith("changed:")));
    expect(JSON.parse(line!.slice("changed:".length))).toEqual([
      { field: "startTime", from: FRIDAY_1930.toISOString(), to: minutes(FRIDAY_1930, 15).toISOString() },
      { field: "priceCents", from: 500, to: 400 },
    ]);
    const anonymous = (await callerFor(deps)).caller;
    expect((await anonymous.chat.gameComments({ gameId: g.id })).some((c) => c.isSystemMessage && c.text === line)).toBe(true);
  });

  test("a new court is named; the description alone tells nobody", async () => {
    testClock.freeze(NOW);
    const host = await withDevice({ isAdmin: true }, "de");
    const from = await createCourt(deps, { regionId, name: "Alter Platz" });
    const to = await createCourt(deps, { regionId, name: "Neuer Platz" });
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, courtId: from.id, startTime: FRIDAY_1930 }, 1);
    const lena = await withDevice({}, "de");
    await lena.caller.participation.join({ gameId: g.id, deviceToken: lena.deviceToken });
    await host.caller.games.update({ gameId: g.id, description: "Bitte helle Shirts mitbringen" });
    await dispatchPendingNotifications(deps);
    expect(await pushesTo(lena.deviceToken)).toEqual([]);
    expect(await systemLines(g.id)).not.toContainEqual(expect.stringMatching(/^changed:/));
    await host.caller.games.update({ gameId: g.id, courtId: to.id });
    await dispatchPendingNotifications(deps);
    expect((await pushesTo(lena.deviceToken)).map((p) => p.body)).toEqual(["Geändert: Platz: Alter Platz → Neuer Platz"]);
    // renaming a court later does not rewrite history: the line holds the names of the moment
    await deps.db.update(courts).set({ name: "Umbenannt" }).where(eq(courts.id, to.id));
    expect((await systemLines(g.id)).find((t) => t.startsWith("changed:"))).toContain("Neuer Platz");
  });

  test("managed payment: allowing cash requests tells nobody (no free-cancellation notice); a moved start gives the payers free cancellation and says so only to them", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: FRIDAY_1930 });
    const hostDevice = `change-host-${crypto.randomUUID()}`;
    await host.caller.notifications.registerNativeDevice({ deviceToken: hostDevice, language: "de" });
    const payer = await withDevice({}, "de");
    const joined = await payer.caller.participation.join({ gameId: game.id, deviceToken: payer.deviceToken });
    // the payment went through (held until the start)
    await deps.db.update(participations).set({ paymentStatus: "Approved" }).where(eq(participations.id, joined.participation.id));
    // someone who only follows the game (the bell) pays nothing
    const follower = await withDevice({}, "de");
    await follower.caller.participation.subscribe({ gameId: game.id, deviceToken: follower.deviceToken });

    await host.caller.games.update({ gameId: game.id, externalPaymentRequestsAllowed: true });
    await dispatchPendingNotifications(deps);
    expect(await pushesTo(payer.deviceToken)).toEqual([]);
    expect(await pushesTo(follower.deviceToken)).toEqual([]);
    expect((await mailJobsTo(payer.user.email)).filter((t) => t.name === "game-changed")).toEqual([]);
    expect(await systemLines(game.id)).not.toContainEqual(expect.stringMatching(/^changed:/));

    await host.caller.games.update({ gameId: game.id, startTime: minutes(FRIDAY_1930, -30) });
    await dispatchPendingNotifications(deps);
    expect((await pushesTo(payer.deviceToken)).map((p) => p.body)).toEqual(["Geändert: Beginn: 19:30 → 19:00. Du kannst Dich innerhalb von 24 Stunden kostenlos abmelden."]);
    expect((await pushesTo(follower.deviceToken)).map((p) => p.body)).toEqual(["Geändert: Beginn: 19:30 → 19:00"]);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(payer.user.email) && m.subject.startsWith("Geändert"));
    expect(nbsp(mail.text)).toContain("Beginn: 19:30 → 19:00\nDu kannst Dich innerhalb von 24 Stunden kostenlos abmelden.");
  });
});
