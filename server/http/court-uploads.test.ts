import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER } from "@shared/constants";
import type { Deps } from "../context";
import { courts, groups, organizations, userGroups, users } from "../db/schema";
import { readImageHeader } from "../integrations/images";
import { createCourt } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";
import { blackBitmapPng, decodeRgba, depsWithUploadDir, fileForm, graphqlUpload, jpeg, rgbaPng, signedInClient, withExif } from "../testing/upload";

let deps: Deps;
let uploads: ReturnType<typeof depsWithUploadDir>;
beforeAll(async () => {
  uploads = depsWithUploadDir(await testDeps());
  deps = uploads.deps;
});
afterAll(() => uploads.cleanup());

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
type Answer = { imageUrl?: string; error?: { code: string } };

async function clientAs(role: "user" | "admin" | "lead" | "employee" | "partner" | { organizationId: number }) {
  const { user, client } = await signedInClient(deps);
  if (role === "admin") await deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  if (typeof role === "object") await deps.db.update(users).set({ organizationId: role.organizationId }).where(eq(users.id, user.id));
  const group = { lead: STAFF_GROUP_LEAD, employee: STAFF_GROUP_EMPLOYEE, partner: STAFF_GROUP_PARTNER }[role as string];
  if (group) {
    await deps.db.insert(groups).values({ name: group }).onConflictDoNothing();
    const [g] = await deps.db.select().from(groups).where(eq(groups.name, group));
    await deps.db.insert(userGroups).values({ userId: user.id, groupId: g!.id });
  }
  return client;
}

async function post(client: ReturnType<typeof httpClient>, path: string, field: string, bytes: Uint8Array) {
  const res = await client.request(path, { method: "POST", body: fileForm(field, bytes) });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** 1600 x 900, left third red, middle green, right third blue: the 1.6 crop keeps the middle. */
const wide = () => rgbaPng(1600, 900, (x) => (x < 533 ? [220, 0, 0, 255] : x < 1067 ? [0, 200, 0, 255] : [0, 0, 220, 255]));

describe("POST /api/court-image/:courtId", () => {
  test("admins and staff Leiter/Mitarbeiter: a 1200x750 JPEG, centre-cropped; the next one replaces and removes the old file", async () => {
    const court = await createCourt(deps);
    for (const role of ["admin", "lead", "employee"] as const) {
      const client = await clientAs(role);
      const first = await post(client, `/api/court-image/${court.id}`, "courtImage", wide());
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.imageUrl).toMatch(/^\/uploads\/court-images\/[0-9a-f-]{36}\.jpg$/);
      const [row] = await deps.db.select({ url: courts.imageUrl }).from(courts).where(eq(courts.id, court.id));
      expect(row!.url).toBe(first.body.imageUrl!);
      const served = new Uint8Array(await (await httpClient(deps).request(first.body.imageUrl!)).arrayBuffer());
      expect(readImageHeader(served)).toMatchObject({ format: "jpeg", width: 1200, height: 750 });
      // 1600x900 cropped to 1440x900: 80 px off each side, the outer columns still red and blue
      const px = decodeRgba(served);
      expect(px.pixel(5, 375)[0]).toBeGreaterThan(150);
      expect(px.pixel(600, 375)[1]).toBeGreaterThan(150);
      expect(px.pixel(1195, 375)[2]).toBeGreaterThan(150);

      const second = await post(client, `/api/court-image/${court.id}`, "courtImage", jpeg(300, 300, () => [10, 10, 10]));
      expect(second.status).toBe(200);
      expect(uploads.files()).not.toContain(keyOf(first.body.imageUrl!));
      expect(uploads.files()).toContain(keyOf(second.body.imageUrl!));
      expect((await httpClient(deps).request(first.body.imageUrl!)).status).toBe(404);
    }
  });

  test("a portrait phone photo (EXIF orientation 6) comes out 1200x750 too", async () => {
    const court = await createCourt(deps);
    const photo = withExif(jpeg(800, 1000, () => [120, 120, 120]), { orientation: 6, marker: "x" });
    const { status, body } = await post(await clientAs("admin"), `/api/court-image/${court.id}`, "courtImage", photo);
    expect(status).toBe(200);
    const served = new Uint8Array(await (await httpClient(deps).request(body.imageUrl!)).arrayBuffer());
    expect(readImageHeader(served)).toMatchObject({ width: 1200, height: 750 });
  });

  test("FORBIDDEN for users and the Partner group, before the body is read; UNAUTHENTICATED signed out", async () => {
    const court = await createCourt(deps);
    for (const role of ["user", "partner"] as const) {
      const { status, body } = await post(await clientAs(role), `/api/court-image/${court.id}`, "courtImage", wide());
      expect([status, body.error?.code]).toEqual([403, "FORBIDDEN"]);
    }
    const anonymous = httpClient(deps);
    await anonymous.request("/api/csrf");
    expect((await post(anonymous, `/api/court-image/${court.id}`, "courtImage", wide())).body.error?.code).toBe("UNAUTHENTICATED");
    const [row] = await deps.db.select({ url: courts.imageUrl }).from(courts).where(eq(courts.id, court.id));
    expect(row!.url).toBeNull();
  });

  test("sizes, formats, ids", async () => {
    const court = await createCourt(deps);
    const admin = await clientAs("admin");
    const cases: [Uint8Array, number, string][] = [
      [new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x80\x00\x00;"), 415, "IMAGE_FORMAT"],
      [(() => { const b = new Uint8Array(1024 * 1024 + 10); b.set(wide().subarray(0, 100)); return b; })(), 413, "IMAGE_TOO_LARGE"],
      [blackBitmapPng(20_000, 20_000), 422, "IMAGE_DIMENSIONS"],
    ];
    for (const [bytes, status, code] of cases) {
      const answer = await post(admin, `/api/court-image/${court.id}`, "courtImage", bytes);
      expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
    }
    expect((await post(admin, `/api/court-image/${court.id}`, "profileImage", wide())).body.error?.code).toBe("VALIDATION");
    expect((await post(admin, `/api/court-image/2000000000`, "courtImage", wide())).body.error?.code).toBe("COURT_NOT_FOUND");
    for (const bad of ["abc", "-1", "0", "99999999999", "1e3"]) {
      expect((await post(admin, `/api/court-image/${bad}`, "courtImage", wide())).body.error?.code).toBe("VALIDATION");
    }
  });
});

describe("POST /api/organization-logo/:id", () => {
  test("members and admins: 640x640, replacement removes the old file; others FORBIDDEN", async () => {
    const [org] = await deps.db.insert(organizations).values({ name: "Logo e.V." }).returning();
    const [otherOrg] = await deps.db.insert(organizations).values({ name: "Andere e.V." }).returning();
    const member = await clientAs({ organizationId: org!.id });
    const first = await post(member, `/api/organization-logo/${org!.id}`, "logoImage", wide());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.imageUrl).toMatch(/^\/uploads\/organization-logos\/[0-9a-f-]{36}\.jpg$/);
    const served = new Uint8Array(await (await httpClient(deps).request(first.body.imageUrl!)).arrayBuffer());
    expect(readImageHeader(served)).toMatchObject({ format: "jpeg", width: 640, height: 640 });
    const second = await post(await clientAs("admin"), `/api/organization-logo/${org!.id}`, "logoImage", jpeg(700, 700, () => [0, 0, 0]));
    expect(second.status).toBe(200);
    expect(uploads.files()).not.toContain(keyOf(first.body.imageUrl!));
    const [row] = await deps.db.select({ url: organizations.imageUrl }).from(organizations).where(eq(organizations.id, org!.id));
    expect(row!.url).toBe(second.body.imageUrl!);

    for (const client of [await clientAs({ organizationId: otherOrg!.id }), await clientAs("lead"), await clientAs("user")]) {
      expect((await post(client, `/api/organization-logo/${org!.id}`, "logoImage", wide())).body.error?.code).toBe("FORBIDDEN");
    }
    expect((await post(await clientAs("admin"), `/api/organization-logo/2000000000`, "logoImage", wide())).body.error?.code).toBe("ORGANIZATION_NOT_FOUND");
  });
});

describe("GraphQL uploadCourtImage / uploadOrganizationLogo (documented payloads)", () => {
  test("uploadCourtImage(courtId, courtImage)", async () => {
    const court = await createCourt(deps);
    const UPLOAD = /* GraphQL */ `mutation UploadCourtImage($courtId: ID!, $courtImage: File!) { uploadCourtImage(courtId: $courtId, courtImage: $courtImage) { ok imageUrl court { id imageUrl } } }`;
    const staff = await clientAs("employee");
    const form = new FormData();
    form.append("operations", JSON.stringify({ query: UPLOAD, variables: { courtId: String(court.id), courtImage: null } }));
    form.append("map", JSON.stringify({ 0: ["variables.courtImage"] }));
    form.append("0", new File([wide() as BlobPart], "court.png", { type: "image/png" }));
    const res = await staff.request("/graphql", { method: "POST", body: form });
    const body = (await res.json()) as { data: { uploadCourtImage: { ok: boolean; imageUrl: string; court: { id: string; imageUrl: string } } } | null; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data!.uploadCourtImage).toMatchObject({ ok: true, court: { id: String(court.id) } });
    expect(body.data!.uploadCourtImage.court.imageUrl).toBe(body.data!.uploadCourtImage.imageUrl);

    const user = await clientAs("user");
    const refused = await graphqlUpload(user, UPLOAD.replace("$courtId: ID!", "$courtId: ID! = \"" + court.id + "\""), "courtImage", wide());
    expect(refused.body.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
  });

  test("uploadOrganizationLogo(id, logoImage)", async () => {
    const [org] = await deps.db.insert(organizations).values({ name: "GraphQL e.V." }).returning();
    const UPLOAD = /* GraphQL */ `mutation UploadOrganizationLogo($id: ID!, $logoImage: File!) { uploadOrganizationLogo(id: $id, logoImage: $logoImage) { ok imageUrl organization { id name imageUrl } } }`;
    const member = await clientAs({ organizationId: org!.id });
    const form = new FormData();
    form.append("operations", JSON.stringify({ query: UPLOAD, variables: { id: String(org!.id), logoImage: null } }));
    form.append("map", JSON.stringify({ 0: ["variables.logoImage"] }));
    form.append("0", new File([jpeg(200, 100, () => [1, 2, 3]) as BlobPart], "logo.jpg", { type: "image/jpeg" }));
    const res = await member.request("/graphql", { method: "POST", body: form });
    const body = (await res.json()) as { data: { uploadOrganizationLogo: { ok: boolean; imageUrl: string; organization: { imageUrl: string } } } | null; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data!.uploadOrganizationLogo.organization.imageUrl).toBe(body.data!.uploadOrganizationLogo.imageUrl);
  });
});
