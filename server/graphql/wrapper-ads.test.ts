import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { advertisements, users } from "../db/schema";
import { createSession } from "../domains/auth/sessions";
import { createAdRow } from "../testing/ad-fixtures";
import { callerFor } from "../testing/caller";
import { FACTORY_PASSWORD, createRegion, createUser } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";
import { depsWithUploadDir, rgbaPng } from "../testing/upload";

/**
 * The wrapper's advertisement calls (spec 001 section 7) with exactly the documented payloads:
 * uploadAdvertisementImage with adId + adImage (a game ad) and with id + image + type
 * TOURNAMENT_ADVERTISEMENT (a tournament ad); advertisement(id); gameFeedAdvertisements without
 * arguments. Ids travel as strings, files as GraphQL multipart requests.
 */

let deps: Deps;
let uploads: ReturnType<typeof depsWithUploadDir>;
beforeAll(async () => {
  uploads = depsWithUploadDir(await testDeps());
  deps = uploads.deps;
});
afterAll(() => uploads.cleanup());

type Client = ReturnType<typeof httpClient>;

async function signedIn(isAdmin: boolean): Promise<Client> {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), isAdmin });
  const client = httpClient(deps);
  const { body } = await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  expect(body.errors).toBeUndefined();
  return client;
}

const png = (width: number, height: number) => rgbaPng(width, height, (x, y) => [x % 256, y % 256, 40, 255]);

/** A multipart request (graphql-multipart-request-spec): `variables` as given, the file in `fileVariable`. */
async function upload(client: Client, query: string, variables: Record<string, unknown>, fileVariable: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append(
    "operations",
    JSON.stringify({
      query,
      variables: { ...variables, [fileVariable]: null },
    }),
  );
  form.append("map", JSON.stringify({ 0: [`variables.${fileVariable}`] }));
  form.append("0", new File([bytes as BlobPart], "anzeige.png", { type: "image/png" }));
  const res = await client.request("/graphql", { method: "POST", body: form });
  return (await res.json()) as {
    data: Record<string, any> | null;
    errors?: { message: string; extensions: Record<string, unknown> }[];
  };
}

const GAME_AD_UPLOAD = /* GraphQL */ `
  mutation UploadAdvertisementImage($adId: ID!, $adImage: File!) {
    uploadAdvertisementImage(adId: $adId, adImage: $adImage) {
      ok
      imageUrl
      advertisement {
        id
        imageUrl
        size
        position
        linkUrl
        region {
          id
          slug
        }
      }
    }
  }
`;
const TOURNAMENT_AD_UPLOAD = /* GraphQL */ `
  mutation UploadAdvertisementImage($id: ID!, $image: File!, $type: String!) {
    uploadAdvertisementImage(id: $id, image: $image, type: $type) {
      ok
      imageUrl
      advertisement {
        id
        imageUrl
        size
      }
    }
  }
`;

describe("uploadAdvertisementImage", () => {
  test("a game ad: adId and adImage", async () => {
    const region = await createRegion(deps);
    const ad = await createAdRow(deps, {
      imageUrl: null,
      size: "MEDIUM",
      position: "AFTER_THIS_WEEK",
      regionId: region.id,
    });
    const body = await upload(await signedIn(true), GAME_AD_UPLOAD, { adId: String(ad.id) }, "adImage", png(1200, 750));
    expect(body.errors).toBeUndefined();
    const { imageUrl, advertisement } = body.data!.uploadAdvertisementImage;
    expect(advertisement.imageUrl).toBe(imageUrl);
    expect(body.data!.uploadAdvertisementImage).toMatchObject({
      ok: true,
      imageUrl: expect.stringMatching(/^\/uploads\/ad-images\//),
      advertisement: {
        id: String(ad.id),
        size: "MEDIUM",
        position: "AFTER_THIS_WEEK",
        linkUrl: ad.linkUrl,
        region: { id: String(region.id), slug: region.slug },
      },
    });
  });

  test("a tournament ad: id, image and type TOURNAMENT_ADVERTISEMENT", async () => {
    const ad = await createAdRow(deps, {
      kind: "TOURNAMENT",
      size: "SMALL",
      position: null,
      imageUrl: null,
    });
    const body = await upload(await signedIn(true), TOURNAMENT_AD_UPLOAD, { id: String(ad.id), type: "TOURNAMENT_ADVERTISEMENT" }, "image", png(1200, 375));
    expect(body.errors).toBeUndefined();
    expect(body.data!.uploadAdvertisementImage).toMatchObject({
      ok: true,
      advertisement: { id: String(ad.id), size: "SMALL" },
    });
    const [row] = await deps.db.select({ url: advertisements.imageUrl }).from(advertisements).where(eq(advertisements.id, ad.id));
    expect(row!.url).toBe(body.data!.uploadAdvertisementImage.imageUrl);
  });

  test("refusals: wrong dimensions, a type that does not fit the ad, not an admin", async () => {
    const ad = await createAdRow(deps, { imageUrl: null });
    const admin = await signedIn(true);
    const wrong = await upload(admin, GAME_AD_UPLOAD, { adId: String(ad.id) }, "adImage", png(1200, 750));
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: "AD_IMAGE_DIMENSIONS",
      details: { requiredWidth: 1200, requiredHeight: 1125 },
    });
    // a game ad named as a tournament ad
    const mismatch = await upload(admin, TOURNAMENT_AD_UPLOAD, { id: String(ad.id), type: "TOURNAMENT_ADVERTISEMENT" }, "image", png(1200, 1125));
    expect(mismatch.errors?.[0]?.extensions.code).toBe("AD_NOT_FOUND");
    const badType = await upload(admin, TOURNAMENT_AD_UPLOAD, { id: String(ad.id), type: "PROFILE" }, "image", png(1200, 1125));
    expect(badType.errors?.[0]?.extensions.code).toBe("VALIDATION");
    const player = await upload(await signedIn(false), GAME_AD_UPLOAD, { adId: String(ad.id) }, "adImage", png(1200, 1125));
    expect(player.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const [row] = await deps.db.select({ url: advertisements.imageUrl }).from(advertisements).where(eq(advertisements.id, ad.id));
    expect(row!.url).toBeNull();
  });
});

describe("advertisement and gameFeedAdvertisements", () => {
  test("advertisement(id): the documented fields", async () => {
    const ad = await createAdRow(deps, { size: "HALF", position: "DEFAULT" });
    const { body } = await httpClient(deps).graphql<{
      advertisement: Record<string, unknown>;
    }>(`query Advertisement($id: ID!) { advertisement(id: $id) { id imageUrl size position linkUrl region { id } } }`, { id: String(ad.id) });
    expect(body.errors).toBeUndefined();
    expect(body.data!.advertisement).toEqual({
      id: String(ad.id),
      imageUrl: ad.imageUrl,
      size: "HALF",
      position: "DEFAULT",
      linkUrl: ad.linkUrl,
      region: null,
    });
  });

  test("gameFeedAdvertisements: no arguments, every active game ad", async () => {
    const region = await createRegion(deps);
    const shown = await createAdRow(deps, { regionId: region.id });
    const noImage = await createAdRow(deps, { imageUrl: null });
    const tournamentAd = await createAdRow(deps, {
      kind: "TOURNAMENT",
      size: "BIG",
      position: null,
    });
    const { body } = await httpClient(deps).graphql<{
      gameFeedAdvertisements: { id: string; position: string }[];
    }>(`query GameFeedAdvertisements { gameFeedAdvertisements { id imageUrl size position linkUrl region { id slug } } }`);
    expect(body.errors).toBeUndefined();
    const ids = body.data!.gameFeedAdvertisements.map((a) => a.id);
    expect(ids).toContain(String(shown.id));
    expect(ids).not.toContain(String(noImage.id));
    expect(ids).not.toContain(String(tournamentAd.id));
  });
});

test("an admin who is no longer one cannot upload (checked per request)", async () => {
  const user = await createUser(deps, { isAdmin: true });
  const client = httpClient(deps);
  await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  await deps.db.update(users).set({ isAdmin: false }).where(eq(users.id, user.id));
  const ad = await createAdRow(deps, { imageUrl: null });
  const body = await upload(client, GAME_AD_UPLOAD, { adId: String(ad.id) }, "adImage", png(1200, 1125));
  expect(body.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
});

test("tournament(id) { advertisement }: the tournament's own ad before the region's", async () => {
  const region = await createRegion(deps);
  const admin = await createUser(deps, { isAdmin: true });
  const { caller } = await callerFor(deps, { token: (await createSession(deps, admin.id, "test")).token });
  const at = (hours: number) => new Date(Date.now() + 40 * 86_400_000 + hours * 3600_000);
  const t = await caller.tournaments.create({ name: "Anzeigen-Cup GraphQL", startTime: at(0), endTime: at(6), maxTeams: 8, locationName: "Sportpark", regionId: region.id });
  await caller.tournaments.publish({ tournamentId: t.id });
  await createAdRow(deps, { kind: "TOURNAMENT", size: "MEDIUM", position: null, regionId: region.id });
  const own = await createAdRow(deps, { kind: "TOURNAMENT", size: "BIG", position: null, tournamentId: t.id });
  const { body } = await httpClient(deps).graphql<{ tournament: { advertisement: { id: string; size: string } | null } }>(
    `query Tournament($id: ID!) { tournament(id: $id) { id advertisement { id imageUrl size linkUrl } } }`,
    { id: String(t.id) },
  );
  expect(body.errors).toBeUndefined();
  expect(body.data!.tournament.advertisement).toMatchObject({ id: String(own.id), size: "BIG" });
});
