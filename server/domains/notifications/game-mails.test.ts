import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { gameEvents } from "../../db/schema";
import { callerFor } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { dispatchPendingNotifications } from "./service";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-10-08T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const mailsTo = (email: string) => deps.mailer.catcher!.mails.filter((m) => m.envelopeTo.includes(email));

async function player(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

/** A full game with one waiting player, then a player leaves: the waiting one moves up. */
async function moveUp(waiting: Awaited<ReturnType<typeof player>>, title: string) {
  const host = await player();
  const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(24), maxPlayers: 2, minPlayers: 2, title }, 1);
  const first = await player();
  await first.caller.participation.join({ gameId: g.id });
  // two devices: still one mail
  await waiting.caller.notifications.registerNativeDevice({ deviceToken: `mail-${crypto.randomUUID()}`, language: "de" });
  await waiting.caller.notifications.registerNativeDevice({ deviceToken: `mail-${crypto.randomUUID()}`, language: "de" });
  await waiting.caller.participation.join({ gameId: g.id, queue: true, deviceToken: `mail-${crypto.randomUUID()}` });
  await first.caller.participation.revoke({ gameId: g.id });
  await dispatchPendingNotifications(deps);
  return g;
}

describe("game e-mails (receiveGameEmails)", () => {
  test("moved up: one mail in the user's application language with a button to the game", async () => {
    testClock.freeze(NOW);
    const waiting = await player({ applicationLanguage: "en", receiveGameEmails: true });
    const g = await moveUp(waiting, "Friday kick");
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(waiting.user.email));
    expect(mail.subject).toBe("You're playing: Friday kick");
    expect(mail.text).toContain("You moved up from the waiting list and are playing!");
    expect(mail.text).toContain(`Open the game: http://localhost:3000/game/${g.id}`);
    expect(mail.html).toContain(`href="http://localhost:3000/game/${g.id}"`);
    // the dispatcher has returned, so every mail job for the event exists; once they are done, the catcher holds all they sent
    expect(await settledJobs(deps, "send-mail", { to: waiting.user.email })).toHaveLength(1);
    expect(mailsTo(waiting.user.email)).toHaveLength(1);
  });

  test("a user without receiveGameEmails gets no mail", async () => {
    testClock.freeze(NOW);
    const waiting = await player({ receiveGameEmails: false });
    const withMail = await player({ receiveGameEmails: true, applicationLanguage: "de" });
    const quiet = await moveUp(waiting, "Ohne Mail");
    await moveUp(withMail, "Mit Mail");
    // the same path does mail a user who wants it
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(withMail.user.email));
    expect(mail.subject).toBe("Du spielst mit: Mit Mail");
    // moveUp ran the dispatcher to the end and it did handle the move-up (the player's devices got their pushes),
    // yet enqueued no mail for the user without receiveGameEmails
    expect(await settledJobs(deps, "send-push", { message: { url: `http://localhost:3000/game/${quiet.id}` } })).toHaveLength(2);
    expect(await settledJobs(deps, "send-mail", { to: waiting.user.email })).toHaveLength(0);
    expect(mailsTo(waiting.user.email)).toHaveLength(0);
  });

  test("a cancelled game mails the players who want it, not the organiser who cancelled", async () => {
    testClock.freeze(NOW);
    const host = await player();
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(48), title: "Absagekick" }, 1);
    const a = await player({ applicationLanguage: "de" });
    const b = await player({ receiveGameEmails: false });
    await a.caller.participation.join({ gameId: g.id });
    await b.caller.participation.join({ gameId: g.id });
    await host.caller.games.cancel({ gameId: g.id, reason: "UNABLE_TO_ATTEND" });
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(a.user.email));
    expect(mail.subject).toBe("Abgesagt: Absagekick");
    // the dispatcher has returned: whatever it decided to mail is enqueued, and nothing is for b or the organiser
    expect(await settledJobs(deps, "send-mail", { to: b.user.email })).toHaveLength(0);
    expect(await settledJobs(deps, "send-mail", { to: host.user.email })).toHaveLength(0);
    expect(mailsTo(b.user.email)).toHaveLength(0);
    expect(mailsTo(host.user.email)).toHaveLength(0);
  });

  test("a minimum-players warning mails the organiser", async () => {
    testClock.freeze(NOW);
    const host = await player({ applicationLanguage: "en" });
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(30), title: "Thin game" }, 1);
    await deps.db.insert(gameEvents).values({ gameId: g.id, type: "MIN_PLAYERS_WARNING", actorId: null, payload: { startTime: hours(30).toISOString(), players: 3, minPlayers: 8 }, createdAt: NOW });
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(host.user.email));
    expect(mail.subject).toBe("Not enough players: Thin game");
    expect(mail.text).toContain("Only 3 of at least 8 players have signed up.");
  });
});
