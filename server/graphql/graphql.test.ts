import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { sessions, users } from "../db/schema";
import { sessionIdOf } from "../domains/auth/sessions";
import { createRegion, createUser, FACTORY_PASSWORD, uniqueEmail } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";

let deps: Deps;
let regionSlug: string;
beforeAll(async () => {
  deps = await testDeps();
  regionSlug = (await createRegion(deps, { featured: true })).slug;
});

const TOKEN_AUTH = `mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token refreshExpiresIn payload { userId } } }`;
const MY_ACCOUNT = `{ myAccount { id email firstName applicationLanguage region { slug } groups { name } createdAt } }`;

describe("GraphQL compatibility endpoint", () => {
  test("tokenAuth returns token and refreshExpiresIn and sets the session cookie", async () => {
    const user = await createUser(deps);
    const client = httpClient(deps);
    const { body } = await client.graphql<{ tokenAuth: { token: string; refreshExpiresIn: number } }>(TOKEN_AUTH, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(body.errors).toBeUndefined();
    const { token, refreshExpiresIn } = body.data!.tokenAuth;
    expect(client.jar.get("session")).toBe(token);
    expect(refreshExpiresIn).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    const [row] = await deps.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)));
    expect(row?.userId).toBe(user.id);
    const me = await client.graphql<{ myAccount: { id: string; email: string } }>(MY_ACCOUNT);
    expect(me.body.data?.myAccount).toMatchObject({ id: String(user.id), email: user.email });
  });

  test("the token also works as an Authorization header, like the old API", async () => {
    const user = await createUser(deps);
    const login = httpClient(deps);
    const { body } = await login.graphql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
    const other = httpClient(deps);
    const res = await other.request(`/graphql?query=${encodeURIComponent("{ myAccount { id } }")}`, {
      headers: { authorization: `JWT ${body.data!.tokenAuth.token}` },
    });
    expect(((await res.json()) as { data: { myAccount: { id: string } } }).data.myAccount.id).toBe(String(user.id));
  });

  test("wrong credentials say 'credentials', as the old client expects", async () => {
    const user = await createUser(deps);
    const { body } = await httpClient(deps).graphql(TOKEN_AUTH, { email: user.email, password: "falsch!" });
    expect(body.errors?.[0]?.message).toContain("credentials");
    expect(body.errors?.[0]?.extensions.code).toBe("INVALID_CREDENTIALS");
  });

  test("myAccount without a session answers the old permission error", async () => {
    const { body } = await httpClient(deps).graphql(MY_ACCOUNT);
    expect(body.errors?.[0]?.message).toBe("You do not have permission to perform this action");
    expect(body.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });

  test("register takes exactly the documented payload, returns the id and signs in", async () => {
    const client = httpClient(deps);
    const email = uniqueEmail();
    const { body } = await client.graphql<{ register: { id: string } }>(
      `mutation($e: String!) { register(email: $e, password: "geheim1", firstName: "Jan", lastName: null, regionSlug: "${regionSlug}", language: "en-GB", deviceToken: null) { id } }`,
      { e: email },
    );
    expect(body.errors).toBeUndefined();
    const [row] = await deps.db.select().from(users).where(eq(users.email, email));
    expect(body.data!.register.id).toBe(String(row!.id));
    expect(row!.applicationLanguage).toBe("en");
    const me = await client.graphql<{ myAccount: { email: string } }>(MY_ACCOUNT);
    expect(me.body.data?.myAccount.email).toBe(email);
  });

  test("register with a used e-mail says 'Email is already in use'", async () => {
    const user = await createUser(deps);
    const { body } = await httpClient(deps).graphql(
      `mutation { register(email: "${user.email}", password: "geheim1", firstName: "Jan", lastName: null, regionSlug: "${regionSlug}", language: "de", deviceToken: null) { id } }`,
    );
    expect(body.errors?.[0]?.message).toContain("Email is already in use");
  });

  test("register reports invalid fields by code", async () => {
    const { body } = await httpClient(deps).graphql(
      `mutation { register(email: "nope", password: "1", firstName: "J", lastName: null, regionSlug: "${regionSlug}", language: "de", deviceToken: null) { id } }`,
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: [
        { path: "email", code: "email_invalid" },
        { path: "password", code: "password_too_short" },
        { path: "firstName", code: "name_length" },
      ],
    });
  });

  test("regions lists all regions with their fields", async () => {
    const { body } = await httpClient(deps).graphql<{ regions: { slug: string; featured: boolean }[] }>(
      `{ regions { id name slug latitude longitude featured mapZoomLevel perimeter head { id } } }`,
    );
    expect(body.data!.regions.find((r) => r.slug === regionSlug)).toMatchObject({ featured: true });
  });

  test("updateLanguage, refreshToken and logout", async () => {
    const user = await createUser(deps);
    const client = httpClient(deps);
    await client.graphql(TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
    const lang = await client.graphql<{ updateLanguage: { user: { applicationLanguage: string } } }>(
      `mutation { updateLanguage(applicationLanguage: "en") { ok user { applicationLanguage } } }`,
    );
    expect(lang.body.data?.updateLanguage.user.applicationLanguage).toBe("en");
    const refreshed = await client.graphql<{ refreshToken: { refreshExpiresIn: number } }>(`mutation { refreshToken { token refreshExpiresIn } }`);
    expect(refreshed.body.data?.refreshToken.refreshExpiresIn).toBeGreaterThan(Date.now() / 1000);
    const out = await client.graphql<{ logout: { ok: boolean } }>(`mutation { logout { ok } }`);
    expect(out.body.data?.logout.ok).toBe(true);
    expect(client.jar.has("session")).toBe(false);
    const me = await client.graphql(MY_ACCOUNT);
    expect(me.body.errors?.[0]?.message).toBe("You do not have permission to perform this action");
    const again = await client.graphql(`mutation { refreshToken { token } }`);
    expect(again.body.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });

  test("mutations need the CSRF header; queries do not change anything over GET", async () => {
    const user = await createUser(deps);
    const noCsrf = httpClient(deps, { csrf: false });
    const { body } = await noCsrf.graphql(TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
    expect(body.errors?.[0]?.extensions.code).toBe("CSRF_FAILED");
    expect(noCsrf.jar.has("session")).toBe(false);
    const viaGet = await httpClient(deps).request(
      `/graphql?query=${encodeURIComponent(`mutation { logout { ok } }`)}`,
    );
    expect(viaGet.status).toBe(405);
  });
});

describe("GraphQL account operations", () => {
  test("requestPasswordReset answers the same for any address; editProfile; user; deleteAccount as documented (no arguments)", async () => {
    const user = await createUser(deps);
    const client = httpClient(deps);
    await client.graphql(TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
    const reset = await httpClient(deps).graphql<{ requestPasswordReset: { success: boolean } }>(`mutation { requestPasswordReset(email: "nobody@example.org") { success } }`);
    expect(reset.body.data?.requestPasswordReset.success).toBe(true);
    const bad = await httpClient(deps).graphql(`mutation { resetPassword(resetToken: "short", newPassword: "geheim1") { success } }`);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "resetToken", code: "reset_token_invalid" }] });
    const edited = await client.graphql<{ editProfile: { firstName: string } }>(`mutation { editProfile(firstName: "Neu") { firstName } }`);
    expect(edited.body.data?.editProfile.firstName).toBe("Neu");
    const profile = await httpClient(deps).graphql<{ user: { firstName: string } }>(`query($id: ID!) { user(id: $id) { firstName emailVerified } }`, { id: user.id });
    expect(profile.body.data?.user.firstName).toBe("Neu");
    // The wrapper confirms in its own screen; a confirmation that is sent anyway must be the word.
    const wrongWord = await client.graphql(`mutation { deleteAccount(confirmation: "ja") { success } }`);
    expect(wrongWord.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "confirmation", code: "delete_confirmation" }] });
    const deleted = await client.graphql<{ deleteAccount: { success: boolean } }>(`mutation { deleteAccount { success } }`);
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data?.deleteAccount.success).toBe(true);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deletedAt).not.toBeNull();
  });
});
