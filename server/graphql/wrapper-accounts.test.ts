import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ERROR_CODES } from "@shared/errors";
import type { Deps } from "../context";
import { participations, pushDevices, sessions, users } from "../db/schema";
import { sessionIdOf } from "../domains/auth/sessions";
import type { CaughtMail } from "../integrations/mail/catcher";
import { AppError } from "../lib/errors";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD, uniqueEmail } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { depsWithUploadDir, graphqlUpload, jpeg } from "../testing/upload";
import { testDeps } from "../testing/test-db";
import { formatGraphqlError } from "./errors";

/**
 * The native wrapper's account-side calls of spec 001 section 7, each sent with exactly the
 * documented arguments (as GraphQL variables of those names), asserting the answer fields named
 * there. The wrapper cannot be changed: a failing test here is a broken app in the stores.
 */

let deps: Deps;
let regionSlug: string;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  const region = await createRegion(deps, { featured: true });
  regionSlug = region.slug;
  regionId = region.id;
});

const REFRESH_TEXT = "You do not have permission to perform this action";
type Client = ReturnType<typeof httpClient>;

const TOKEN_AUTH = `mutation tokenAuth($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token refreshExpiresIn } }`;
const REGISTER = `mutation register($email: String!, $password: String!, $firstName: String!, $lastName: String, $regionSlug: String!, $language: String, $deviceToken: String) {
  register(email: $email, password: $password, firstName: $firstName, lastName: $lastName, regionSlug: $regionSlug, language: $language, deviceToken: $deviceToken) { id }
}`;
const REFRESH = `mutation refreshToken { refreshToken { token refreshExpiresIn } }`;
const REFRESH_WITH = `mutation refreshToken($refreshToken: String) { refreshToken(refreshToken: $refreshToken) { token refreshExpiresIn payload { exp } } }`;
const GAMES = `objects { id startTime duration price } hasNext`;

async function wrapperSignedIn(email: string, password = FACTORY_PASSWORD): Promise<{ client: Client; token: string }> {
  const client = httpClient(deps);
  const { body } = await client.graphql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email, password });
  expect(body.errors).toBeUndefined();
  return { client, token: body.data!.tokenAuth.token };
}

const mailTo = (to: string, subject: RegExp) => deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(to) && subject.test(m.subject), 15_000);
const linkIn = (mail: CaughtMail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
const sessionRow = async (token: string) => (await deps.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token))))[0];
const DAY = 86_400_000;

describe("sign-in and session calls", () => {
  test("tokenAuth(email, password) answers token and refreshExpiresIn", async () => {
    const user = await createUser(deps);
    const { body } = await httpClient(deps).graphql<{ tokenAuth: { token: string; refreshExpiresIn: number } }>(TOKEN_AUTH, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data!.tokenAuth.token).toMatch(/^[a-z2-7]{32}$/);
    expect(body.data!.tokenAuth.refreshExpiresIn).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
  });

  test("register with exactly the documented payload: no date of birth; the device token becomes the account's device", async () => {
    const client = httpClient(deps);
    const email = uniqueEmail();
    const deviceToken = `fcm-register-${crypto.randomUUID()}`;
    const { body } = await client.graphql<{ register: { id: string } }>(REGISTER, {
      email,
      password: "geheim1",
      firstName: "Jana",
      lastName: null,
      regionSlug,
      language: "en-GB",
      deviceToken,
    });
    expect(body.errors).toBeUndefined();
    const [row] = await deps.db.select().from(users).where(eq(users.email, email));
    expect(body.data!.register.id).toBe(String(row!.id));
    expect(row).toMatchObject({ dateOfBirth: null, applicationLanguage: "en", lastName: null });
    // The device is stored for the new account (so its pushes reach it), in the account's language.
    const [device] = await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, deviceToken));
    expect(device).toMatchObject({ userId: row!.id, kind: "fcm", language: "en" });
    // ...and the wrapper, signed in by the registration, sees it as its own.
    const own = await client.graphql<{ checkIfDeviceTokenForUserExists: { exists: boolean } }>(
      `query checkIfDeviceTokenForUserExists($deviceToken: String!) { checkIfDeviceTokenForUserExists(deviceToken: $deviceToken) { exists } }`,
      { deviceToken },
    );
    expect(own.body.data?.checkIfDeviceTokenForUserExists.exists).toBe(true);
  });

  test("register without a device token (null or empty) and with a language tag of any case", async () => {
    // a French phone sends "fr" and gets the fallback, English (spec 001), never German
    for (const [deviceToken, language, expected] of [[null, "de-DE", "de"], ["", "EN_us", "en"], [null, "fr-FR", "en"], [null, "fr", "en"]] as const) {
      const email = uniqueEmail();
      const { body } = await httpClient(deps).graphql<{ register: { id: string } }>(REGISTER, {
        email, password: "geheim1", firstName: "Jana", lastName: null, regionSlug, language, deviceToken,
      });
      expect(body.errors).toBeUndefined();
      const [row] = await deps.db.select().from(users).where(eq(users.email, email));
      expect(row!.applicationLanguage).toBe(expected);
    }
    const unknown = await httpClient(deps).graphql(REGISTER, {
      email: uniqueEmail(), password: "geheim1", firstName: "Jana", lastName: null, regionSlug, language: "Französisch", deviceToken: null,
    });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "language", code: "language_invalid" }] });
  });

  test("a date of birth, when a client still sends one, must mean 16 or older", async () => {
    const young = new Date(Date.now() - 15 * 365 * DAY).toISOString().slice(0, 10);
    const { body } = await httpClient(deps).graphql(
      `mutation($e: String!, $d: String) { register(email: $e, password: "geheim1", firstName: "Jana", regionSlug: "${regionSlug}", dateOfBirth: $d) { id } }`,
      { e: uniqueEmail(), d: young },
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "TOO_YOUNG", fields: [{ path: "dateOfBirth", code: "too_young" }] });
  });

  test("refreshToken with no arguments renews the request's own session", async () => {
    const user = await createUser(deps);
    const { client, token } = await wrapperSignedIn(user.email);
    // 20 days left: outside the automatic renewal window, so only refreshToken extends it.
    await deps.db.update(sessions).set({ expiresAt: new Date(Date.now() + 20 * DAY) }).where(eq(sessions.id, sessionIdOf(token)));
    const { body } = await client.graphql<{ refreshToken: { token: string; refreshExpiresIn: number } }>(REFRESH);
    expect(body.errors).toBeUndefined();
    expect(body.data!.refreshToken.token).toBe(token);
    expect(body.data!.refreshToken.refreshExpiresIn).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    expect((await sessionRow(token))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  test("refreshToken(refreshToken) with the token the wrapper holds renews that session, even without a cookie", async () => {
    const user = await createUser(deps);
    const { token } = await wrapperSignedIn(user.email);
    await deps.db.update(sessions).set({ expiresAt: new Date(Date.now() + 20 * DAY) }).where(eq(sessions.id, sessionIdOf(token)));
    const wrapper = httpClient(deps); // no cookie: only the argument names the session
    const { body } = await wrapper.graphql<{ refreshToken: { token: string; refreshExpiresIn: number; payload: { exp: number } } }>(REFRESH_WITH, {
      refreshToken: token,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data!.refreshToken).toMatchObject({ token, payload: { exp: body.data!.refreshToken.refreshExpiresIn } });
    expect((await sessionRow(token))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(wrapper.jar.get("session")).toBe(token);
    const me = await wrapper.graphql<{ myAccount: { id: string } }>(`{ myAccount { id } }`);
    expect(me.body.data?.myAccount.id).toBe(String(user.id));
  });

  test("an expired, ended or made-up session cannot be refreshed: UNAUTHENTICATED with the wrapper's text", async () => {
    const user = await createUser(deps);
    const { client, token } = await wrapperSignedIn(user.email);
    await deps.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionIdOf(token)));
    const withToken = await httpClient(deps).graphql(REFRESH_WITH, { refreshToken: token });
    expect(withToken.body.errors?.[0]).toMatchObject({ message: REFRESH_TEXT, extensions: { code: "UNAUTHENTICATED" } });
    const viaCookie = await client.graphql(REFRESH);
    expect(viaCookie.body.errors?.[0]).toMatchObject({ message: REFRESH_TEXT, extensions: { code: "UNAUTHENTICATED" } });
    expect(client.jar.has("session")).toBe(false);
    expect(await sessionRow(token)).toBeUndefined();
    for (const refreshToken of [null, "", "a".repeat(32), "not a token"]) {
      const { body } = await httpClient(deps).graphql(REFRESH_WITH, { refreshToken });
      expect(body.errors?.[0]).toMatchObject({ message: REFRESH_TEXT, extensions: { code: "UNAUTHENTICATED" } });
    }
  });

  test("the web client's auth.refresh: renews a live session; an expired one answers UNAUTHENTICATED and clears both cookies", async () => {
    const user = await createUser(deps);
    const web = httpClient(deps);
    await web.trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
    const token = web.jar.get("session")!;
    await deps.db.update(sessions).set({ expiresAt: new Date(Date.now() + 20 * DAY) }).where(eq(sessions.id, sessionIdOf(token)));
    const renewed = await web.trpc("auth.refresh");
    expect(renewed.res.status).toBe(200);
    expect((await sessionRow(token))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(Number(web.jar.get("logged_in"))).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    // Expired: the answer removes the readable logged_in cookie too, which the client reads before refreshing.
    await deps.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionIdOf(token)));
    const refused = await web.trpc("auth.refresh");
    expect(refused.body.error?.json.data.app.code).toBe("UNAUTHENTICATED");
    expect(web.jar.has("session")).toBe(false);
    expect(web.jar.has("logged_in")).toBe(false);
  });

  test("logout (no arguments) ends the session and deletes the cookie", async () => {
    const user = await createUser(deps);
    const { client, token } = await wrapperSignedIn(user.email);
    const { body } = await client.graphql<{ logout: { ok: boolean } }>(`mutation logout { logout { ok } }`);
    expect(body.data?.logout.ok).toBe(true);
    expect(client.jar.has("session")).toBe(false);
    expect(await sessionRow(token)).toBeUndefined();
  });
});

describe("permission errors", () => {
  test("only UNAUTHENTICATED answers the text the wrapper refreshes on", () => {
    const withText = Object.entries(ERROR_CODES).filter(([, message]) => message === REFRESH_TEXT).map(([code]) => code);
    expect(withText).toEqual(["UNAUTHENTICATED"]);
    expect(formatGraphqlError(new AppError("FORBIDDEN")).message).toBe("You are not allowed to perform this action");
    expect(formatGraphqlError(new AppError("UNAUTHENTICATED")).message).toBe(REFRESH_TEXT);
  });
});

describe("account calls", () => {
  test("editProfile with its documented arguments", async () => {
    const user = await createUser(deps);
    const { client } = await wrapperSignedIn(user.email);
    const email = uniqueEmail();
    const { body } = await client.graphql<{ editProfile: Record<string, unknown> }>(
      `mutation editProfile($email: String, $password: String, $firstName: String, $lastName: String, $regionSlug: String, $dateOfBirth: String, $receiveGameEmails: Boolean) {
        editProfile(email: $email, password: $password, firstName: $firstName, lastName: $lastName, regionSlug: $regionSlug, dateOfBirth: $dateOfBirth, receiveGameEmails: $receiveGameEmails) {
          id email firstName lastName dateOfBirth receiveGameEmails region { slug }
        }
      }`,
      { email, password: "neues-pw", firstName: "Marta", lastName: "Kurz", regionSlug, dateOfBirth: "1990-03-04", receiveGameEmails: false },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.editProfile).toEqual({
      id: String(user.id), email, firstName: "Marta", lastName: "Kurz", dateOfBirth: "1990-03-04", receiveGameEmails: false, region: { slug: regionSlug },
    });
    // A birth date given on the profile must mean 16 or older as well.
    const young = new Date(Date.now() - 10 * 365 * DAY).toISOString().slice(0, 10);
    const tooYoung = await client.graphql(`mutation($d: String) { editProfile(dateOfBirth: $d) { id } }`, { d: young });
    expect(tooYoung.body.errors?.[0]?.extensions).toMatchObject({ code: "TOO_YOUNG", fields: [{ path: "dateOfBirth", code: "too_young" }] });
  });

  test("requestEmailConfirmation (none) and confirmEmail(emailToken)", async () => {
    const user = await createUser(deps, { applicationLanguage: "en" });
    const { client } = await wrapperSignedIn(user.email);
    const sent = await client.graphql<{ requestEmailConfirmation: { success: boolean } }>(`mutation requestEmailConfirmation { requestEmailConfirmation { success } }`);
    expect(sent.body.data?.requestEmailConfirmation.success).toBe(true);
    const emailToken = linkIn(await mailTo(user.email, /confirm your email/)).searchParams.get("token");
    const confirmed = await httpClient(deps).graphql<{ confirmEmail: { success: boolean } }>(
      `mutation confirmEmail($emailToken: String!) { confirmEmail(emailToken: $emailToken) { success } }`,
      { emailToken },
    );
    expect(confirmed.body.data?.confirmEmail.success).toBe(true);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  test("requestPasswordReset(email) answers a flag; resetPassword(resetToken, newPassword) answers success", async () => {
    const user = await createUser(deps, { applicationLanguage: "en" });
    const requested = await httpClient(deps).graphql<{ requestPasswordReset: { success: boolean } }>(
      `mutation requestPasswordReset($email: String!) { requestPasswordReset(email: $email) { success } }`,
      { email: user.email },
    );
    expect(requested.body.data?.requestPasswordReset.success).toBe(true);
    const resetToken = linkIn(await mailTo(user.email, /password/i)).searchParams.get("reset_token");
    expect(resetToken).toHaveLength(128);
    const reset = await httpClient(deps).graphql<{ resetPassword: { success: boolean } }>(
      `mutation resetPassword($resetToken: String!, $newPassword: String!) { resetPassword(resetToken: $resetToken, newPassword: $newPassword) { success } }`,
      { resetToken, newPassword: "ganz-neu-1" },
    );
    expect(reset.body.data?.resetPassword.success).toBe(true);
    await wrapperSignedIn(user.email, "ganz-neu-1");
  });

  test("updateLanguage(applicationLanguage) takes language tags, English for languages we do not speak, refuses what is no tag", async () => {
    const user = await createUser(deps, { applicationLanguage: "de" });
    const { client } = await wrapperSignedIn(user.email);
    const UPDATE = `mutation updateLanguage($applicationLanguage: String!) { updateLanguage(applicationLanguage: $applicationLanguage) { ok user { applicationLanguage } } }`;
    const en = await client.graphql<{ updateLanguage: { ok: boolean; user: { applicationLanguage: string } } }>(UPDATE, { applicationLanguage: "en-GB" });
    expect(en.body.data?.updateLanguage).toEqual({ ok: true, user: { applicationLanguage: "en" } });
    const de = await client.graphql<{ updateLanguage: { user: { applicationLanguage: string } } }>(UPDATE, { applicationLanguage: "de_AT" });
    expect(de.body.data?.updateLanguage.user.applicationLanguage).toBe("de");
    const fr = await client.graphql<{ updateLanguage: { user: { applicationLanguage: string } } }>(UPDATE, { applicationLanguage: "fr" });
    expect(fr.body.data?.updateLanguage.user.applicationLanguage).toBe("en");
    const word = await client.graphql(UPDATE, { applicationLanguage: "französisch" });
    expect(word.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "applicationLanguage", code: "language_invalid" }] });
  });

  test("deleteAccount with no arguments deletes the account", async () => {
    const user = await createUser(deps);
    const { client } = await wrapperSignedIn(user.email);
    const { body } = await client.graphql<{ deleteAccount: { success: boolean } }>(`mutation deleteAccount { deleteAccount { success } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data?.deleteAccount.success).toBe(true);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: "Gelöschtes Konto", email: `deleted-${user.id}@deleted.invalid` });
    expect(client.jar.has("session")).toBe(false);
  });

  test("uploadProfileImage(profileImage) and deleteProfileImage (none)", async () => {
    const uploads = depsWithUploadDir(deps);
    try {
      const user = await createUser(uploads.deps);
      const client = httpClient(uploads.deps);
      await client.graphql(TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
      const up = await graphqlUpload(client, `mutation uploadProfileImage($profileImage: File!) { uploadProfileImage(profileImage: $profileImage) { ok profileImageUrl } }`, "profileImage", jpeg(64, 64, () => [10, 120, 40]));
      expect(up.body.errors).toBeUndefined();
      expect(up.body.data!.uploadProfileImage.profileImageUrl).toMatch(/\.jpg$/);
      const del = await client.graphql<{ deleteProfileImage: { ok: boolean; user: { profileImageUrl: string | null } } }>(
        `mutation deleteProfileImage { deleteProfileImage { ok user { profileImageUrl } } }`,
      );
      expect(del.body.data?.deleteProfileImage).toEqual({ ok: true, user: { profileImageUrl: null } });
    } finally {
      uploads.cleanup();
    }
  });
});

describe("myAccount and user with paged games", () => {
  async function userWithGames() {
    const user = await createUser(deps, { regionId });
    const other = await createUser(deps, { regionId });
    for (let i = 0; i < 7; i++) await createGameRow(deps, { creatorId: user.id, regionId, startTime: new Date(Date.now() + (i + 1) * DAY) });
    for (let i = 0; i < 6; i++) {
      const game = await createGameRow(deps, { creatorId: other.id, regionId, startTime: new Date(Date.now() - (i + 1) * DAY) });
      await deps.db.insert(participations).values({ gameId: game.id, userId: user.id });
    }
    const queued = await createGameRow(deps, { creatorId: other.id, regionId, startTime: new Date(Date.now() + 2 * DAY) });
    await deps.db.insert(participations).values({ gameId: queued.id, userId: user.id, queue: true, queuedAt: new Date() });
    return { user, other, queued };
  }
  type Page = { objects: { id: string }[]; hasNext: boolean };
  type Lists = { hostedGames: Page; attendedGames: Page; queueGames: Page };

  test("myAccount(updatePaymentDetails) answers the account with hosted, attended and queue games: 5, then 5 more", async () => {
    const { user, queued } = await userWithGames();
    const { client } = await wrapperSignedIn(user.email);
    const MY = `query myAccount($updatePaymentDetails: Boolean, $hostedGamesPageSize: Int, $attendedGamesPageSize: Int, $queueGamesPageSize: Int) {
      myAccount(updatePaymentDetails: $updatePaymentDetails, hostedGamesPageSize: $hostedGamesPageSize, attendedGamesPageSize: $attendedGamesPageSize, queueGamesPageSize: $queueGamesPageSize) {
        id email hostedGames { ${GAMES} } attendedGames { ${GAMES} } queueGames { ${GAMES} }
      }
    }`;
    const first = await client.graphql<{ myAccount: Lists & { id: string } }>(MY, { updatePaymentDetails: true });
    expect(first.body.errors).toBeUndefined();
    const me = first.body.data!.myAccount;
    expect(me.id).toBe(String(user.id));
    expect([me.hostedGames.objects.length, me.hostedGames.hasNext]).toEqual([5, true]);
    expect([me.attendedGames.objects.length, me.attendedGames.hasNext]).toEqual([5, true]);
    expect(me.queueGames).toMatchObject({ objects: [{ id: String(queued.id) }], hasNext: false });
    // Load more: five more.
    const more = await client.graphql<{ myAccount: Lists }>(MY, { hostedGamesPageSize: 10, attendedGamesPageSize: 10, queueGamesPageSize: 10 });
    expect([more.body.data!.myAccount.hostedGames.objects.length, more.body.data!.myAccount.hostedGames.hasNext]).toEqual([7, false]);
    expect([more.body.data!.myAccount.attendedGames.objects.length, more.body.data!.myAccount.attendedGames.hasNext]).toEqual([6, false]);
    // The plain documented call (no arguments) works too.
    const plain = await client.graphql<{ myAccount: { id: string } }>(`query myAccount { myAccount { id hostedGames { hasNext } } }`);
    expect(plain.body.data?.myAccount.id).toBe(String(user.id));
    const bad = await client.graphql(MY, { hostedGamesPageSize: 0 });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "hostedGamesPageSize", code: "invalid" }] });
  });

  test("user(id) with page sizes answers the same paged lists; the waiting list stays private", async () => {
    const { user } = await userWithGames();
    const USER = `query user($id: ID!, $hostedGamesPageSize: Int, $attendedGamesPageSize: Int, $queueGamesPageSize: Int) {
      user(id: $id, hostedGamesPageSize: $hostedGamesPageSize, attendedGamesPageSize: $attendedGamesPageSize, queueGamesPageSize: $queueGamesPageSize) {
        id firstName hostedGames { ${GAMES} } attendedGames { ${GAMES} } queueGames { ${GAMES} }
      }
    }`;
    const visitor = await httpClient(deps).graphql<{ user: Lists & { id: string } }>(USER, { id: String(user.id) });
    expect(visitor.body.errors).toBeUndefined();
    const shown = visitor.body.data!.user;
    expect([shown.hostedGames.objects.length, shown.hostedGames.hasNext]).toEqual([5, true]);
    expect([shown.attendedGames.objects.length, shown.attendedGames.hasNext]).toEqual([5, true]);
    expect(shown.queueGames).toEqual({ objects: [], hasNext: false });
    const more = await httpClient(deps).graphql<{ user: Lists }>(USER, { id: String(user.id), hostedGamesPageSize: 10, attendedGamesPageSize: 10 });
    expect(more.body.data!.user.hostedGames).toMatchObject({ hasNext: false });
    expect(more.body.data!.user.hostedGames.objects).toHaveLength(7);
    const { client } = await wrapperSignedIn(user.email);
    const own = await client.graphql<{ user: Lists }>(USER, { id: String(user.id) });
    expect(own.body.data!.user.queueGames.objects).toHaveLength(1);
    const missing = await httpClient(deps).graphql(USER, { id: "2147483648" });
    expect(missing.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "id", code: "id_invalid" }] });
  });
});

describe("regions and region subscriptions", () => {
  const SUBSCRIBE = `mutation subscribeToRegion($deviceToken: String!, $userAgent: String, $regionId: ID!, $messagingLanguage: String!) {
    subscribeToRegion(deviceToken: $deviceToken, userAgent: $userAgent, regionId: $regionId, messagingLanguage: $messagingLanguage) { subscribed }
  }`;

  test("subscribeToRegion, checkIfDeviceTokenIsSubscribedToRegion, unsubscribeFromRegion with their documented arguments", async () => {
    const region = await createRegion(deps);
    const wrapper = httpClient(deps);
    const deviceToken = `fcm-${crypto.randomUUID()}`;
    const CHECK = `query checkIfDeviceTokenIsSubscribedToRegion($deviceToken: String!, $regionId: ID!) { checkIfDeviceTokenIsSubscribedToRegion(deviceToken: $deviceToken, regionId: $regionId) { subscribed } }`;
    const sub = await wrapper.graphql(SUBSCRIBE, { deviceToken, userAgent: "Kickrunde/3.2 (Android)", regionId: String(region.id), messagingLanguage: "de-DE" });
    expect(sub.body).toEqual({ data: { subscribeToRegion: { subscribed: true } } });
    expect((await wrapper.graphql(CHECK, { deviceToken, regionId: String(region.id) })).body).toEqual({ data: { checkIfDeviceTokenIsSubscribedToRegion: { subscribed: true } } });
    const un = await wrapper.graphql(
      `mutation unsubscribeFromRegion($deviceToken: String!, $regionId: ID!) { unsubscribeFromRegion(deviceToken: $deviceToken, regionId: $regionId) { subscribed } }`,
      { deviceToken, regionId: String(region.id) },
    );
    expect(un.body).toEqual({ data: { unsubscribeFromRegion: { subscribed: false } } });
    expect((await wrapper.graphql(CHECK, { deviceToken, regionId: String(region.id) })).body).toEqual({ data: { checkIfDeviceTokenIsSubscribedToRegion: { subscribed: false } } });
  });

  test("checkIfDeviceTokenForUserExists(deviceToken): false for a stranger's or unknown token", async () => {
    const user = await createUser(deps);
    const { client } = await wrapperSignedIn(user.email);
    const { body } = await client.graphql<{ checkIfDeviceTokenForUserExists: { exists: boolean } }>(
      `query checkIfDeviceTokenForUserExists($deviceToken: String!) { checkIfDeviceTokenForUserExists(deviceToken: $deviceToken) { exists } }`,
      { deviceToken: `fcm-${crypto.randomUUID()}` },
    );
    expect(body.data?.checkIfDeviceTokenForUserExists.exists).toBe(false);
  });

  test("regions answer totalSubscriberCount and regionSubscriberCount per region (from 50 on), like regionSubscriberCount(regionId)", async () => {
    const busy = await createRegion(deps);
    const quiet = await createRegion(deps);
    const wrapper = httpClient(deps);
    for (let i = 0; i < 50; i++) {
      await wrapper.graphql(SUBSCRIBE, { deviceToken: `fcm-busy-${busy.id}-${i}`, regionId: String(busy.id), messagingLanguage: "de" });
    }
    await wrapper.graphql(SUBSCRIBE, { deviceToken: `fcm-quiet-${quiet.id}`, regionId: String(quiet.id), messagingLanguage: "en" });
    const { body } = await wrapper.graphql<{ regions: { id: string; slug: string; totalSubscriberCount: number | null; regionSubscriberCount: number | null }[] }>(
      `query regions { regions { id name slug head { id } imgUrl longitude latitude perimeter featured totalSubscriberCount regionSubscriberCount mapZoomLevel whatsappGroupUrl telegramGroupUrl whatsappChannelUrl telegramChannelUrl } }`,
    );
    expect(body.errors).toBeUndefined();
    const byId = new Map(body.data!.regions.map((r) => [r.id, r]));
    expect(byId.get(String(busy.id))?.regionSubscriberCount).toBe(50);
    expect(byId.get(String(quiet.id))?.regionSubscriberCount).toBeNull();
    expect(byId.get(String(busy.id))?.totalSubscriberCount).toBeGreaterThanOrEqual(51);
    expect(byId.get(String(quiet.id))?.totalSubscriberCount).toBe(byId.get(String(busy.id))!.totalSubscriberCount);
    const COUNT = `query regionSubscriberCount($regionId: ID!) { regionSubscriberCount(regionId: $regionId) }`;
    expect((await wrapper.graphql(COUNT, { regionId: String(busy.id) })).body).toEqual({ data: { regionSubscriberCount: 50 } });
    expect((await wrapper.graphql(COUNT, { regionId: String(quiet.id) })).body).toEqual({ data: { regionSubscriberCount: null } });
  });
});
