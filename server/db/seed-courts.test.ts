import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { wireReactions } from "../domains/reactions";
import { readImageHeader } from "../integrations/images";
import { storageFor } from "../integrations/storage";
import { startJobQueue } from "../jobs/queue";
import { callerFor } from "../testing/caller";
import { openScratchDatabase, testDeps } from "../testing/test-db";
import { depsWithUploadDir } from "../testing/upload";
import { DEMO_PASSWORD, seedDemo } from "./seed-demo";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("the demo courts", () => {
  test("details in every featured city, pictures of 1200x750, a rentable court of the demo owner with 3 sub-courts, prices and a discount", async () => {
    const scratch = await openScratchDatabase();
    const uploads = depsWithUploadDir(deps);
    const jobs = await startJobQueue(scratch.database, deps.logger);
    try {
      const demo = wireReactions({ ...uploads.deps, database: scratch.database, db: scratch.database.db, jobs });
      await seedDemo(demo);
      const anonymous = (await callerFor(demo)).caller;
      const berlin = await anonymous.courts.ofRegion({ regionSlug: "berlin" });
      const names = berlin.courts.map((c) => c.name);
      for (const name of ["Tempelhofer Feld Bolzplatz", "Mauerpark Soccer Court", "Soccerhalle Kreuzberg"]) expect(names).toContain(name);
      const withPictures = (await demo.database.query<{ image_url: string }>("select image_url from courts where image_url is not null")).map((r) => r.image_url);
      expect(withPictures.length).toBeGreaterThanOrEqual(2);
      const storage = storageFor(demo.config);
      for (const url of withPictures) {
        const file = await storage.get(storage.keyOf(url)!);
        const bytes = new Uint8Array(await new Response(file!.body).arrayBuffer());
        expect(readImageHeader(bytes)).toMatchObject({ format: "jpeg", width: 1200, height: 750 });
        expect(bytes.length).toBeLessThan(120_000);
      }

      const hall = berlin.courts.find((c) => c.name === "Soccerhalle Kreuzberg")!;
      expect(hall).toMatchObject({ rentable: true, indoor: true, floodLight: true });
      const a = await callerFor(demo);
      await a.caller.auth.login({ email: "platz@kickrunde.de", password: DEMO_PASSWORD });
      const owner = (await callerFor(demo, { token: a.cookies.token })).caller;
      expect((await owner.users.myAccount())?.isCourtOwner).toBe(true);
      expect((await owner.courts.mine()).map((c) => c.name)).toEqual(["Soccerhalle Kreuzberg"]);
      const page = await owner.courts.get({ id: hall.id });
      expect(page.viewer.isOwner).toBe(true);
      expect(page.subCourts.map((s) => s.name)).toEqual(["Court 1", "Court 2", "Court 3"]);
      expect(page.availabilities.length).toBeGreaterThanOrEqual(7);
      expect(page.availabilities.every((x) => x.pricePerHourCents > 0)).toBe(true);
      expect(page.discount).toMatchObject({ relativeAmount: 10, name: "Frühbucher-Rabatt" });
      expect(page).toMatchObject({ street: "Görlitzer Straße", houseNumber: "70", postcode: "10997", town: "Berlin", fencing: "CAGE", goals: 2 });

      const mauerpark = await anonymous.courts.get({ id: berlin.courts.find((c) => c.name === "Mauerpark Soccer Court")!.id });
      expect(mauerpark).toMatchObject({ floodLight: true, fencing: "CAGE", minPlayers: 6, maxPlayers: 12, address: "Gleimstraße 55, 10437 Berlin" });
    } finally {
      await jobs.stop();
      await scratch.drop();
      uploads.cleanup();
    }
  });
});
