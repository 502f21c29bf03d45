import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { pushDevices } from "../../db/schema";
import { createUser } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { testDeps } from "../../testing/test-db";
import { notifyUsers, type Notice } from "./notify-users";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const device = async (userId: number, language: "de" | "en") => {
  const deviceToken = `notify-${language}-${crypto.randomUUID()}`;
  await deps.db.insert(pushDevices).values({ deviceToken, kind: "fcm", userId, language });
  return deviceToken;
};

describe("notifyUsers: the one fan-out", () => {
  test("a push per device in its language (each once), a mail per confirmed address of the audience; the ledger key sends it once", async () => {
    const verified = new Date("2026-11-01T10:00:00Z");
    const jonas = await createUser(deps, { firstName: "Jonas", applicationLanguage: "de", emailVerifiedAt: verified });
    const optedOut = await createUser(deps, { firstName: "Ana", applicationLanguage: "en", emailVerifiedAt: verified, receiveGameEmails: false });
    const unconfirmed = await createUser(deps, { firstName: "Ben" });
    const phone = await device(jonas.id, "de");
    const laptop = await device(jonas.id, "en");
    const notice = (audience: "game" | "always", sourceId: number): Notice => ({
      push: { to: { userIds: [jonas.id, jonas.id] }, key: "weeklyConfirm", params: (d) => ({ game: d.language === "de" ? "Bolzplatz, Di." : "Bolzplatz, Tue" }), url: "http://localhost:3000/weekly-sessions/1", tag: "weekly-1" },
      mail: {
        userIds: [jonas.id, optedOut.id, unconfirmed.id, jonas.id],
        audience,
        template: (u) => ({ name: "weekly-confirmation-open", data: { firstName: u.firstName, session: "Bolzplatz", link: "http://localhost:3000/weekly-sessions/1" } }),
      },
      once: { kind: `test_notice:${audience}`, sourceId },
    });

    const key = jonas.id;
    expect(await deps.db.transaction((tx) => notifyUsers(deps, tx, notice("game", key)))).toBe(2);
    // the same key again (a retried job): nothing, not even the mails
    expect(await deps.db.transaction((tx) => notifyUsers(deps, tx, notice("game", key)))).toBe(0);
    // a rolled-back transaction leaves the key unclaimed
    await expect(
      deps.db.transaction(async (tx) => {
        await notifyUsers(deps, tx, notice("always", key));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await deps.db.transaction((tx) => notifyUsers(deps, tx, notice("always", key)))).toBe(2);

    const [de] = await settledJobs(deps, "send-push", { deviceToken: phone });
    expect(de!.data.message).toEqual({ title: "Findet Deine Kickrunde statt?", body: "Bolzplatz, Di.: Bestätige jetzt oder sage die Woche ab.", url: "http://localhost:3000/weekly-sessions/1", icon: "/favicon.svg", tag: "weekly-1" });
    const en = await settledJobs(deps, "send-push", { deviceToken: laptop });
    expect(en.map((j) => j.data.message.title)).toEqual(["Is your weekly session taking place?", "Is your weekly session taking place?"]);

    // game mails: once to Jonas (not twice, not to who opted out or never confirmed); always: to Ana too
    expect((await settledJobs(deps, "send-mail", { to: jonas.email })).map((j) => j.data.language)).toEqual(["de", "de"]);
    expect((await settledJobs(deps, "send-mail", { to: optedOut.email })).map((j) => j.data.language)).toEqual(["en"]);
    expect(await settledJobs(deps, "send-mail", { to: unconfirmed.email })).toEqual([]);
  });
});
