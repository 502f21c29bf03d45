import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import type { TCreateAdInput } from "@shared/schemas/ads";
import type { Deps } from "../../context";
import { advertisementStats, advertisements, users } from "../../db/schema";
import { readImageHeader } from "../../integrations/images";
import { createAdRow } from "../../testing/ad-fixtures";
import { callerFor, errorData } from "../../testing/caller";
import { createRegion, createUser } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testDeps } from "../../testing/test-db";
import { depsWithUploadDir, fileForm, jpeg, rgbaPng, signedInClient, withExif } from "../../testing/upload";
import { createSession } from "../auth/sessions";

let deps: Deps;
let uploads: ReturnType<typeof depsWithUploadDir>;
beforeAll(async () => {
  uploads = depsWithUploadDir(await testDeps());
  deps = uploads.deps;
});
afterAll(() => uploads.cleanup());

let tournamentDay = 20;
/** A published tournament in a region of its own, organised by an admin. */
async function newTournament() {
  const region = await createRegion(deps);
  const calls = await admin();
  const day = tournamentDay++;
  const at = (hour: number) => new Date(Date.now() + day * 86_400_000 + hour * 3600_000);
  const t = await calls.tournaments.create({
    name: `Anzeigen-Cup ${day}`,
    startTime: at(0),
    endTime: at(6),
    maxTeams: 8,
    locationName: "Sportpark",
    regionId: region.id,
  });
  await calls.tournaments.publish({ tournamentId: t.id });
  return { id: t.id, regionId: region.id };
}

const as = async (user: { id: number } | null) =>
  (
    await callerFor(deps, {
      token: user ? (await createSession(deps, user.id, "test")).token : null,
    })
  ).caller;
const admin = async () => as(await createUser(deps, { isAdmin: true }));

const gameAd = (overrides: Partial<TCreateAdInput> = {}): TCreateAdInput => ({
  title: "Sportladen",
  kind: "GAME",
  size: "BIG",
  position: "AFTER_TODAY",
  linkUrl: "https://sport.example.org/angebot",
  regionId: null,
  tournamentId: null,
  activeFrom: null,
  activeUntil: null,
  ...overrides,
});

const codeOf = (p: Promise<unknown>) => errorData(p);

/** A picture of `width` x `height` with a gradient (compresses well) or noise (does not). */
const png = (width: number, height: number) => rgbaPng(width, height, (x, y) => [x % 256, y % 256, 90, 255]);
const noisePng = (width: number, height: number) => rgbaPng(width, height, () => [Math.random() * 256, Math.random() * 256, Math.random() * 256, 255]);

async function adminClient() {
  const { user, client } = await signedInClient(deps);
  await deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  return client;
}
async function postAdImage(client: ReturnType<typeof httpClient>, id: number, bytes: Uint8Array, name = "anzeige.png", type = "image/png") {
  const res = await client.request(`/api/ad-image/${id}`, {
    method: "POST",
    body: fileForm("adImage", bytes, name, type),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      imageUrl?: string;
      error?: { code: string; details?: Record<string, unknown> };
    },
  };
}

describe("admin CRUD", () => {
  test("only admins: players FORBIDDEN, visitors UNAUTHENTICATED, on every managing procedure", async () => {
    const ad = await createAdRow(deps);
    const player = await as(await createUser(deps));
    const visitor = await as(null);
    for (const [caller, code] of [
      [player, "FORBIDDEN"],
      [visitor, "UNAUTHENTICATED"],
    ] as const) {
      expect((await codeOf(caller.ads.list())).code).toBe(code);
      expect((await codeOf(caller.ads.adminGet({ id: ad.id }))).code).toBe(code);
      expect(await codeOf(caller.ads.create(gameAd()))).toMatchObject({ code });
      expect((await codeOf(caller.ads.update({ id: ad.id, ...gameAd({ title: "Fremd" }) }))).code).toBe(code);
      expect((await codeOf(caller.ads.delete({ id: ad.id }))).code).toBe(code);
    }
    const [row] = await deps.db.select().from(advertisements).where(eq(advertisements.id, ad.id));
    expect(row!.title).toBe("Testanzeige");
  });

  test("create, update, list, delete", async () => {
    const calls = await admin();
    const region = await createRegion(deps);
    const created = await calls.ads.create(gameAd({ regionId: region.id, title: "  Bolzplatz-Shop  " }));
    expect(created).toMatchObject({
      title: "Bolzplatz-Shop",
      kind: "GAME",
      size: "BIG",
      position: "AFTER_TODAY",
      imageUrl: null,
      active: false,
      region: { id: region.id, slug: region.slug },
    });
    expect(created.total).toEqual({ impressions: 0, clicks: 0 });

    const until = new Date(Date.now() + 86_400_000);
    const updated = await calls.ads.update({
      id: created.id,
      ...gameAd({
        size: "HALF",
        position: "DEFAULT",
        regionId: null,
        activeUntil: until,
      }),
    });
    expect(updated).toMatchObject({
      id: created.id,
      size: "HALF",
      position: "DEFAULT",
      region: null,
      activeUntil: until,
    });
    expect((await calls.ads.list()).map((a) => a.id)).toContain(created.id);

    expect(await calls.ads.delete({ id: created.id })).toEqual({ ok: true });
    expect((await codeOf(calls.ads.adminGet({ id: created.id }))).code).toBe("AD_NOT_FOUND");
    expect((await codeOf(calls.ads.delete({ id: created.id }))).code).toBe("AD_NOT_FOUND");
    expect((await codeOf(calls.ads.update({ id: created.id, ...gameAd() }))).code).toBe("AD_NOT_FOUND");
  });

  test("a tournament ad: tournament sizes, no position, optionally one tournament", async () => {
    const calls = await admin();
    const t = await newTournament();
    const ad = await calls.ads.create(
      gameAd({
        kind: "TOURNAMENT",
        size: "SMALL",
        position: null,
        tournamentId: t.id,
      }),
    );
    expect(ad).toMatchObject({
      kind: "TOURNAMENT",
      size: "SMALL",
      position: null,
      tournament: { id: t.id },
    });
  });

  test.each([
    ["a game ad has no SMALL size", gameAd({ size: "SMALL" }), "size", "ad_size_invalid"],
    ["a tournament ad has no HALF size", gameAd({ kind: "TOURNAMENT", size: "HALF", position: null }), "size", "ad_size_invalid"],
    ["a game ad needs a position", gameAd({ position: null }), "position", "ad_position_required"],
    ["a tournament ad has none", gameAd({ kind: "TOURNAMENT", size: "BIG" }), "position", "ad_position_invalid"],
    ["a game ad belongs to no tournament", gameAd({ tournamentId: 1 }), "tournamentId", "ad_tournament_invalid"],
    ["http links are refused", gameAd({ linkUrl: "http://sport.example.org/" }), "linkUrl", "ad_link_invalid"],
    ["javascript: links are refused", gameAd({ linkUrl: "javascript:alert(1)" }), "linkUrl", "ad_link_invalid"],
    ["overlong links are refused", gameAd({ linkUrl: `https://example.org/${"a".repeat(2000)}` }), "linkUrl", "ad_link_invalid"],
    ["a title is needed", gameAd({ title: "  " }), "title", "required"],
    [
      "the period ends after it starts",
      gameAd({
        activeFrom: new Date("2030-01-02"),
        activeUntil: new Date("2030-01-01"),
      }),
      "activeUntil",
      "end_before_start",
    ],
  ])("%s", async (_name, input, path, code) => {
    const error = await codeOf((await admin()).ads.create(input));
    expect(error.code).toBe("VALIDATION");
    expect("fields" in error ? error.fields : []).toContainEqual(expect.objectContaining({ path, code }));
  });

  test("an unknown region or tournament is refused", async () => {
    const calls = await admin();
    expect((await codeOf(calls.ads.create(gameAd({ regionId: 2_000_000_000 })))).code).toBe("REGION_NOT_FOUND");
    expect(
      (
        await codeOf(
          calls.ads.create(
            gameAd({
              kind: "TOURNAMENT",
              size: "BIG",
              position: null,
              tournamentId: 2_000_000_000,
            }),
          ),
        )
      ).code,
    ).toBe("TOURNAMENT_NOT_FOUND");
  });

  test("the list counts impressions and clicks in all and over the last 30 Berlin days", async () => {
    const ad = await createAdRow(deps);
    const today = berlinDay(new Date());
    await deps.db.insert(advertisementStats).values([
      { advertisementId: ad.id, day: today, impressions: 5, clicks: 2 },
      {
        advertisementId: ad.id,
        day: addBerlinDays(today, -29),
        impressions: 3,
        clicks: 1,
      },
      {
        advertisementId: ad.id,
        day: addBerlinDays(today, -30),
        impressions: 100,
        clicks: 10,
      },
    ]);
    const listed = (await (await admin()).ads.list()).find((a) => a.id === ad.id)!;
    expect(listed.total).toEqual({ impressions: 108, clicks: 13 });
    expect(listed.last30Days).toEqual({ impressions: 8, clicks: 3 });
    expect(listed.active).toBe(true);
  });
});

describe("the image (spec 001 sections 5, 8)", () => {
  test("a 1200x1125 PNG for a BIG ad: stored as a 1200x1125 JPEG; the next upload removes the old file", async () => {
    const ad = await createAdRow(deps, { imageUrl: null });
    const client = await adminClient();
    const first = await postAdImage(client, ad.id, png(1200, 1125));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.imageUrl).toMatch(/^\/uploads\/ad-images\/[0-9a-f-]{36}\.jpg$/);
    const served = new Uint8Array(await (await httpClient(deps).request(first.body.imageUrl!)).arrayBuffer());
    expect(readImageHeader(served)).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 1125,
    });

    const second = await postAdImage(
      client,
      ad.id,
      jpeg(1200, 1125, () => [200, 30, 30]),
      "anzeige.jpg",
      "image/jpeg",
    );
    expect(second.status).toBe(200);
    expect(uploads.files()).not.toContain(first.body.imageUrl!.replace("/uploads/", ""));
    expect(uploads.files()).toContain(second.body.imageUrl!.replace("/uploads/", ""));
    const [row] = await deps.db.select({ url: advertisements.imageUrl }).from(advertisements).where(eq(advertisements.id, ad.id));
    expect(row!.url).toBe(second.body.imageUrl!);
  });

  test("each size needs its exact dimensions; others are refused saying which are needed", async () => {
    const client = await adminClient();
    for (const [size, height] of [
      ["MEDIUM", 750],
      ["HALF", 375],
    ] as const) {
      const ad = await createAdRow(deps, { size, imageUrl: null });
      expect((await postAdImage(client, ad.id, png(1200, height))).status).toBe(200);
    }
    const big = await createAdRow(deps, { imageUrl: null });
    const refused = await postAdImage(client, big.id, png(1200, 750));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "AD_IMAGE_DIMENSIONS",
      details: {
        requiredWidth: 1200,
        requiredHeight: 1125,
        width: 1200,
        height: 750,
      },
    });
    expect((await postAdImage(client, big.id, png(1201, 1125))).body.error?.code).toBe("AD_IMAGE_DIMENSIONS");
    const small = await createAdRow(deps, {
      kind: "TOURNAMENT",
      size: "SMALL",
      position: null,
      imageUrl: null,
    });
    expect((await postAdImage(client, small.id, png(1200, 375))).status).toBe(200);
    const [row] = await deps.db.select({ url: advertisements.imageUrl }).from(advertisements).where(eq(advertisements.id, big.id));
    expect(row!.url).toBeNull();
  });

  test("the size as the picture shows: a turned JPEG (EXIF orientation 6) of 1125x1200 fits a BIG ad", async () => {
    const ad = await createAdRow(deps, { imageUrl: null });
    const turned = withExif(
      jpeg(1125, 1200, () => [20, 120, 200]),
      { orientation: 6, marker: "GPS-SECRET" },
    );
    const { status, body } = await postAdImage(await adminClient(), ad.id, turned, "foto.jpg", "image/jpeg");
    expect(status).toBe(200);
    const served = new Uint8Array(await (await httpClient(deps).request(body.imageUrl!)).arrayBuffer());
    expect(readImageHeader(served)).toMatchObject({
      width: 1200,
      height: 1125,
    });
    expect(new TextDecoder("latin1").decode(served)).not.toContain("GPS-SECRET");
  });

  test("over 2 MB: refused with AD_IMAGE_TOO_LARGE, just over and far over the limit", async () => {
    const ad = await createAdRow(deps, { imageUrl: null });
    const client = await adminClient();
    const noisy = noisePng(1200, 1125); // right dimensions, ~5 MB of noise
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024 + 64 * 1024);
    const far = await postAdImage(client, ad.id, noisy);
    expect(far.status).toBe(413);
    expect(far.body.error?.code).toBe("AD_IMAGE_TOO_LARGE");
    const justOver = new Uint8Array(2 * 1024 * 1024 + 1);
    justOver.set(png(1200, 1125));
    const over = await postAdImage(client, ad.id, justOver);
    expect(over.status).toBe(413);
    expect(over.body.error?.code).toBe("AD_IMAGE_TOO_LARGE");
  });

  test("not a picture: IMAGE_FORMAT (by the bytes, whatever the name says)", async () => {
    const ad = await createAdRow(deps, { imageUrl: null });
    const { status, body } = await postAdImage(await adminClient(), ad.id, new TextEncoder().encode("GIF89a not for us"), "bild.png", "image/png");
    expect(status).toBe(415);
    expect(body.error?.code).toBe("IMAGE_FORMAT");
  });

  test("non-admins FORBIDDEN before the body is read; an unknown ad AD_NOT_FOUND", async () => {
    const ad = await createAdRow(deps, { imageUrl: null });
    const { client } = await signedInClient(deps);
    expect((await postAdImage(client, ad.id, png(1200, 1125))).body.error?.code).toBe("FORBIDDEN");
    const visitor = httpClient(deps);
    await visitor.request("/api/csrf");
    expect((await postAdImage(visitor, ad.id, png(1200, 1125))).body.error?.code).toBe("UNAUTHENTICATED");
    expect((await postAdImage(await adminClient(), 2_000_000_000, png(1200, 1125))).body.error?.code).toBe("AD_NOT_FOUND");
  });
});

describe("showing", () => {
  test("gameFeed: the region's and the all-region active game ads with an image, in the order created", async () => {
    const region = await createRegion(deps);
    const other = await createRegion(deps);
    const now = Date.now();
    const own = await createAdRow(deps, {
      regionId: region.id,
      position: "AFTER_TOMORROW",
    });
    const everywhere = await createAdRow(deps, {
      regionId: null,
      position: "DEFAULT",
    });
    await createAdRow(deps, { regionId: other.id });
    await createAdRow(deps, { regionId: region.id, imageUrl: null });
    await createAdRow(deps, {
      regionId: region.id,
      activeFrom: new Date(now + 3600_000),
    });
    await createAdRow(deps, {
      regionId: region.id,
      activeUntil: new Date(now - 1000),
    });
    await createAdRow(deps, {
      regionId: region.id,
      kind: "TOURNAMENT",
      size: "SMALL",
      position: null,
    });
    const bounded = await createAdRow(deps, {
      regionId: region.id,
      activeFrom: new Date(now - 3600_000),
      activeUntil: new Date(now + 3600_000),
    });
    const ads = await (await as(null)).ads.gameFeed({ regionSlug: region.slug });
    const ids = ads.map((a) => a.id);
    expect(ids).toContain(everywhere.id);
    expect(ids.filter((id) => id !== everywhere.id && id > own.id - 1).filter((id) => id >= own.id)).toEqual(expect.arrayContaining([own.id, bounded.id]));
    // of this test's rows exactly these, in order
    expect(ids.filter((id) => id >= own.id)).toEqual([own.id, everywhere.id, bounded.id]);
    expect(ads.find((a) => a.id === own.id)).toMatchObject({
      position: "AFTER_TOMORROW",
      region: { slug: region.slug },
      linkUrl: "https://example.org/anzeige",
    });
    expect((await codeOf((await as(null)).ads.gameFeed({ regionSlug: "gibt-es-nicht-xyz" }))).code).toBe("REGION_NOT_FOUND");
  });

  test("get: an active ad for anyone; an inactive one only for admins", async () => {
    const active = await createAdRow(deps);
    const inactive = await createAdRow(deps, { imageUrl: null });
    expect((await (await as(null)).ads.get({ id: active.id })).id).toBe(active.id);
    expect((await codeOf((await as(null)).ads.get({ id: inactive.id }))).code).toBe("AD_NOT_FOUND");
    expect((await (await admin()).ads.get({ id: inactive.id })).id).toBe(inactive.id);
  });

  test("a tournament page: its own ads, else its region's, else the all-region ones", async () => {
    const t = await newTournament();
    const visitor = await as(null);
    const tournamentAd = (values: Partial<typeof advertisements.$inferInsert>) =>
      createAdRow(deps, {
        kind: "TOURNAMENT",
        size: "MEDIUM",
        position: null,
        ...values,
      });
    // all-region tournament ads of other tests would count too: none may be active while this runs
    await deps.db
      .delete(advertisements)
      .where(and(eq(advertisements.kind, "TOURNAMENT"), isNull(advertisements.regionId), isNull(advertisements.tournamentId)));
    const everywhere = await tournamentAd({ regionId: null });
    expect((await visitor.ads.forTournament({ tournamentId: t.id })).map((a) => a.id)).toEqual([everywhere.id]);
    const regional = await tournamentAd({ regionId: t.regionId });
    expect((await visitor.ads.forTournament({ tournamentId: t.id })).map((a) => a.id)).toEqual([regional.id]);
    const own = await tournamentAd({ tournamentId: t.id, regionId: null });
    expect((await visitor.ads.forTournament({ tournamentId: t.id })).map((a) => a.id)).toEqual([own.id]);
    expect((await codeOf(visitor.ads.forTournament({ tournamentId: 2_000_000_000 }))).code).toBe("TOURNAMENT_NOT_FOUND");
  });
});

describe("counting without cookies", () => {
  const statsOf = async (id: number) =>
    (await deps.db.select().from(advertisementStats).where(eq(advertisementStats.advertisementId, id))).map((r) => ({
      day: r.day,
      impressions: r.impressions,
      clicks: r.clicks,
    }));

  test("impressions per Berlin day; an inactive or unknown ad counts nothing", async () => {
    const ad = await createAdRow(deps);
    const visitor = await as(null);
    expect(await visitor.ads.recordImpression({ id: ad.id })).toEqual({
      counted: true,
    });
    expect(await visitor.ads.recordImpression({ id: ad.id })).toEqual({
      counted: true,
    });
    expect(await statsOf(ad.id)).toEqual([{ day: berlinDay(new Date()), impressions: 2, clicks: 0 }]);
    const inactive = await createAdRow(deps, {
      activeUntil: new Date(Date.now() - 1000),
    });
    expect(await visitor.ads.recordImpression({ id: inactive.id })).toEqual({
      counted: false,
    });
    expect(await statsOf(inactive.id)).toEqual([]);
    expect(await visitor.ads.recordImpression({ id: 2_000_000_000 })).toEqual({
      counted: false,
    });
  });

  test("a click counts and redirects to the stored link, never to one from the request; no cookie", async () => {
    const ad = await createAdRow(deps, {
      linkUrl: "https://shop.example.org/fussball?utm=kickrunde",
    });
    const res = await httpClient(deps).request(`/api/ads/${ad.id}/click?url=https://evil.example.com/`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://shop.example.org/fussball?utm=kickrunde");
    // only the app-wide CSRF token (set on any first answer); nothing that tells viewers apart for counting
    expect(res.headers.getSetCookie().filter((c) => !c.startsWith("csrftoken="))).toEqual([]);
    await httpClient(deps).request(`/api/ads/${ad.id}/click`, {
      redirect: "manual",
    });
    expect(await statsOf(ad.id)).toEqual([{ day: berlinDay(new Date()), impressions: 0, clicks: 2 }]);
    for (const bad of ["2000000000", "0", "abc", "99999999999"]) {
      expect(
        (
          await httpClient(deps).request(`/api/ads/${bad}/click`, {
            redirect: "manual",
          })
        ).status,
      ).toBe(404);
    }
  });
});
