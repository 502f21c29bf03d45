import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { participations, sessions, users } from "../../db/schema";
import type { CaughtMail } from "../../integrations/mail/catcher";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

async function signIn(email: string, password = FACTORY_PASSWORD) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email, password });
  return { ...(await callerFor(deps, { token: a.cookies.token })), token: a.cookies.token! };
}
const mailTo = (to: string, subject: RegExp) => deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(to) && subject.test(m.subject), 15_000);
const linkIn = (mail: CaughtMail) => /https?:\/\/\S+/.exec(mail.text)![0];


describe("e-mail confirmation", () => {
  test("a real SMTP mail carries a link that confirms the address, valid 48 hours", async () => {
    const user = await createUser(deps, { applicationLanguage: "de", firstName: "Greta" });
    const { caller } = await signIn(user.email);
    expect(await caller.accounts.requestEmailConfirmation()).toEqual({ sent: true, alreadyVerified: false });
    const mail = await mailTo(user.email, /bestätige/);
    expect(mail.text).toContain("Hallo Greta,");
    expect(mail.html).toContain("E-Mail-Adresse bestätigen");
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe("/confirm-email");
    const token = link.searchParams.get("token")!;
    // confirmed from another device, not signed in
    await (await callerFor(deps)).caller.accounts.confirmEmail({ emailToken: token });
    expect((await caller.users.myAccount())?.emailVerifiedAt).toBeInstanceOf(Date);
    // twice is still fine
    expect(await errorData((await callerFor(deps)).caller.accounts.confirmEmail({ emailToken: token }))).toMatchObject({ code: "OK" });
    expect(await caller.accounts.requestEmailConfirmation()).toEqual({ sent: false, alreadyVerified: true });
  });

  test("expires at 48 hours; an unknown token fails", async () => {
    const user = await createUser(deps, { applicationLanguage: "en" });
    const { caller } = await signIn(user.email);
    testClock.freeze(new Date());
    await caller.accounts.requestEmailConfirmation();
    const mail = await mailTo(user.email, /confirm your email/);
    const token = new URL(linkIn(mail)).searchParams.get("token")!;
    testClock.advance(48 * 3600_000);
    expect(await errorData((await callerFor(deps)).caller.accounts.confirmEmail({ emailToken: token }))).toMatchObject({ code: "EMAIL_TOKEN_EXPIRED" });
    testClock.advance(-1);
    expect(await errorData((await callerFor(deps)).caller.accounts.confirmEmail({ emailToken: token }))).toMatchObject({ code: "OK" });
    expect(await errorData((await callerFor(deps)).caller.accounts.confirmEmail({ emailToken: "nope" }))).toMatchObject({ code: "EMAIL_TOKEN_INVALID" });
  });
});

describe("password reset", () => {
  test("same answer for unknown addresses; a single-use 128-character token; all sessions end", async () => {
    const user = await createUser(deps, { firstName: "Paul" });
    const other = await signIn(user.email);
    const anonymous = (await callerFor(deps)).caller;
    expect(await anonymous.accounts.requestPasswordReset({ email: "nobody-here@example.org" })).toEqual({ ok: true });
    expect(await anonymous.accounts.requestPasswordReset({ email: user.email.toUpperCase() })).toEqual({ ok: true });
    const mail = await mailTo(user.email, /Passwort/);
    const token = new URL(linkIn(mail)).searchParams.get("reset_token")!;
    expect(token).toHaveLength(128);
    expect(await errorData(anonymous.accounts.resetPassword({ resetToken: token.slice(1), newPassword: "neues-pw" }))).toEqual({ code: "VALIDATION", fields: [{ path: "resetToken", code: "reset_token_invalid" }] });
    await anonymous.accounts.resetPassword({ resetToken: token, newPassword: "neues-pw" });
    expect(await errorData(anonymous.accounts.resetPassword({ resetToken: token, newPassword: "noch-eins" }))).toMatchObject({ code: "RESET_TOKEN_INVALID" });
    expect(await (await callerFor(deps, { token: other.token })).caller.users.myAccount()).toBeNull();
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    await signIn(user.email, "neues-pw");
  });

  test("the token expires after 2 hours", async () => {
    const user = await createUser(deps);
    testClock.freeze(new Date());
    await (await callerFor(deps)).caller.accounts.requestPasswordReset({ email: user.email });
    const token = new URL(linkIn(await mailTo(user.email, /Passwort/))).searchParams.get("reset_token")!;
    testClock.advance(2 * 3600_000);
    expect(await errorData((await callerFor(deps)).caller.accounts.resetPassword({ resetToken: token, newPassword: "neues-pw" }))).toMatchObject({ code: "RESET_TOKEN_INVALID" });
  });
});

describe("profile", () => {
  test("changes fields; a new e-mail is unverified again and both addresses hear of it", async () => {
    const region = await createRegion(deps);
    const user = await createUser(deps, { emailVerifiedAt: new Date(), firstName: "Rita" });
    const { caller } = await signIn(user.email);
    const newEmail = `neu-${user.id}@example.org`;
    const me = await caller.accounts.editProfile({
      email: newEmail,
      firstName: "Rita-Marie",
      lastName: "Lang",
      regionSlug: region.slug,
      dateOfBirth: "1990-02-03",
      receiveGameEmails: false,
    });
    expect(me).toMatchObject({ email: newEmail, emailVerifiedAt: null, firstName: "Rita-Marie", lastName: "Lang", region: { id: region.id }, receiveGameEmails: false });
    await mailTo(user.email, /geändert/);
    await mailTo(newEmail, /bestätige/);
  });

  test("refuses a future birth date, a taken address and bad names", async () => {
    const taken = await createUser(deps);
    const user = await createUser(deps);
    const { caller } = await signIn(user.email);
    expect(await errorData(caller.accounts.editProfile({ dateOfBirth: "2999-01-01" }))).toEqual({ code: "VALIDATION", fields: [{ path: "dateOfBirth", code: "date_in_future" }] });
    expect(await errorData(caller.accounts.editProfile({ email: taken.email }))).toMatchObject({ code: "EMAIL_IN_USE" });
    expect(await errorData(caller.accounts.editProfile({ firstName: "X" }))).toEqual({ code: "VALIDATION", fields: [{ path: "firstName", code: "name_length" }] });
  });

  test("a new password ends the other sessions but not this one", async () => {
    const user = await createUser(deps);
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);
    await here.caller.accounts.editProfile({ password: "ganz-neu" });
    expect(await here.caller.users.myAccount()).not.toBeNull();
    expect(await (await callerFor(deps, { token: elsewhere.token })).caller.users.myAccount()).toBeNull();
  });
});

describe("account deletion", () => {
  test("needs the word; anonymises, cancels upcoming organised games, frees places, ends sessions", async () => {
    const region = await createRegion(deps);
    const user = await createUser(deps, { firstName: "Weg", emailVerifiedAt: new Date() });
    const host = await createUser(deps);
    const own = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: new Date(Date.now() + 86400_000) });
    const theirs = await createGameRow(deps, { creatorId: host.id, regionId: region.id, startTime: new Date(Date.now() + 2 * 86400_000) });
    await deps.db.insert(participations).values({ gameId: theirs.id, userId: user.id });
    const { caller, cookies } = await signIn(user.email);
    expect(await errorData(caller.accounts.deleteAccount({ confirmation: "ja" }))).toEqual({ code: "VALIDATION", fields: [{ path: "confirmation", code: "delete_confirmation" }] });
    await caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" });
    expect(cookies.cleared).toBe(true);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: "Gelöschtes Konto", lastName: null, dateOfBirth: null, emailVerifiedAt: null });
    expect(row!.email).not.toContain(user.email);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const page = await (await callerFor(deps)).caller.games.byId({ gameId: own.id });
    expect(page.cancellationReason).toBe("UNABLE_TO_ATTEND");
    const theirPage = await (await callerFor(deps)).caller.games.byId({ gameId: theirs.id });
    expect(theirPage.participations.map((p) => p.player?.id)).not.toContain(user.id);
    expect(await errorData((await callerFor(deps)).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD }))).toMatchObject({ code: "INVALID_CREDENTIALS" });
  });
});

describe("registration", () => {
  test("sends the first confirmation link by itself", async () => {
    const region = await createRegion(deps);
    const email = `frisch-${Date.now()}@example.org`;
    await (await callerFor(deps)).caller.auth.register({ email, password: "geheim1", firstName: "Frida", regionSlug: region.slug, dateOfBirth: "2000-01-01", language: "en" });
    const mail = await mailTo(email, /confirm your email/);
    expect(mail.text).toContain("Hi Frida,");
  });
});
