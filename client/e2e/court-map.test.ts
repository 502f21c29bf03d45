import { describe, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { criticalPath } from "../../scripts/bench/critical-js";
import { E2E_TIMEOUT, ROOT, SHOTS_DIR, shot, signIn, useHarness, test } from "./harness";

/**
 * The court map (issue 14; client/src/components/map/court-map*.tsx) on the Courts tab of Berlin:
 * maplibre-gl really draws the local test map's tiles in Chromium (WebGL through SwiftShader), a pin
 * per court, tapping one selects it, and the map's code stays off the feed's critical path.
 */
const h = useHarness();

const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? join(ROOT, "client/dist");
const MAP_LABEL = "Karte der Fußballplätze in Berlin";

const mapRegion = (page: Page) => page.getByRole("region", { name: MAP_LABEL });
const mapBox = (page: Page) => mapRegion(page).locator("[data-map-state]");

async function waitForDrawnMap(page: Page) {
  await mapRegion(page).locator('[data-map-state="ready"][data-map-idle="true"]').waitFor({ timeout: 30_000 });
}

/**
 * Colour statistics of what the map shows on screen: the element's screenshot, decoded by the page
 * itself (a 2D canvas reads the PNG), counts distinct colours and the local map's own colours
 * (the yellow main roads, parks and water are drawn only by the tile server, never by the page).
 */
async function paintedColours(page: Page, target: Locator) {
  const png = await target.screenshot({ animations: "disabled" });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, image.width, image.height);
    const colours = new Set<number>();
    let road = 0;
    let park = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
      if (r > 235 && g > 215 && g < 245 && b > 150 && b < 200) road++;
      if (r > 190 && r < 220 && g > 220 && g < 245 && b > 180 && b < 210) park++;
    }
    const pixels = data.length / 4;
    return { distinct: colours.size, roadShare: road / pixels, parkShare: park / pixels, width: image.width, height: image.height };
  }, png.toString("base64"));
}

describe("court map (issue 14)", () => {
  test(
    "the Courts tab draws the map from the local tiles, with a pin per court; tapping a pin selects the court and the map follows",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const tiles: number[] = [];
      page.on("response", (res) => {
        if (new URL(res.url()).pathname.startsWith("/map/tiles/")) tiles.push(res.status());
      });
      await page.goto("/courts/berlin");
      // The box holds its height from the first frame.
      await mapRegion(page).waitFor();
      expect((await mapRegion(page).boundingBox())!.height).toBeCloseTo(400, 0);
      await waitForDrawnMap(page);
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((status) => status === 200)).toBe(true);

      // Really drawn: many colours, and the tile server's roads and parks among them.
      const canvas = mapRegion(page).locator("canvas");
      const colours = await paintedColours(page, canvas);
      expect(colours.width).toBeGreaterThan(300);
      expect(colours.distinct).toBeGreaterThan(40);
      expect(colours.roadShare).toBeGreaterThan(0.005);

      // A pin per court of the list, each a button named after its court.
      const pins = mapRegion(page).locator(".kr-court-pin");
      const rows = page.getByRole("region", { name: /Plätze in der Nähe|Platz in der Nähe/ }).or(page.locator("section[aria-labelledby='courts-nearby']"));
      await rows.first().waitFor();
      const pinNames = await pins.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
      expect(pinNames.length).toBeGreaterThan(1);
      for (const name of pinNames) {
        expect(name.length).toBeGreaterThan(0);
        expect(await page.locator("section[aria-labelledby='courts-nearby']").getByText(name, { exact: false }).count()).toBeGreaterThan(0);
      }
      // Navigation control and the map's credits (compact) are there.
      await mapRegion(page).getByRole("button", { name: "Hineinzoomen" }).waitFor();
      await mapRegion(page).getByRole("button", { name: "Herauszoomen" }).waitFor();
      expect(await mapRegion(page).locator(".maplibregl-ctrl-attrib").textContent()).toContain("Kickrunde Testkarte");
      await shot(page, "court-map-berlin");
      await mapRegion(page).screenshot({ path: join(SHOTS_DIR, "court-map-berlin-box.png") });

      // Tapping a pin selects its court: the screen shows its card, the pin turns darker and larger, the map pans to it.
      // The pin furthest from the centre among those well inside the box (clear of the controls and the button).
      const box = (await mapRegion(page).boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const boxes = await pins.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      const candidates = pinNames
        .map((pinName, i) => ({ pinName, tipX: boxes[i]!.x + boxes[i]!.width / 2, tipY: boxes[i]!.y + boxes[i]!.height }))
        .filter((p) => p.tipX > box.x + 60 && p.tipX < box.x + box.width - 60 && p.tipY > box.y + 60 && p.tipY < box.y + box.height - 80)
        .toSorted((a, b) => Math.hypot(b.tipX - centre.x, b.tipY - centre.y) - Math.hypot(a.tipX - centre.x, a.tipY - centre.y));
      expect(candidates.length).toBeGreaterThan(0);
      const name = candidates[0]!.pinName;
      const before = candidates[0]!;
      const pin = mapRegion(page).getByRole("button", { name, exact: true });
      await pin.click();
      await expect(pin.getAttribute("aria-pressed")).resolves.toBe("true");
      await page.getByRole("link", { name: "Details anzeigen" }).waitFor();
      await waitForDrawnMap(page);
      // The pin's tip (its bottom centre) sits at the map's centre after the pan (it was elsewhere before).
      const after = (await pin.boundingBox())!;
      expect(Math.hypot(before.tipX - centre.x, before.tipY - centre.y)).toBeGreaterThan(20);
      expect(Math.abs(after.x + after.width / 2 - centre.x)).toBeLessThan(4);
      expect(Math.abs(after.y + after.height - centre.y)).toBeLessThan(4);
      await shot(page, "court-map-selected");

      // By keyboard: another pin takes focus and Enter selects it.
      const other = mapRegion(page).getByRole("button", { name: pinNames[0]!, exact: true });
      await other.focus();
      await page.keyboard.press("Enter");
      await expect(other.getAttribute("aria-pressed")).resolves.toBe("true");
      expect(await pin.getAttribute("aria-pressed")).toBe("false");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the coordinates picker: a tap on the map sets a distinct marker there and hands the point to the screen",
    async () => {
      const context = await h.newContext();
      await signIn(context, "orga@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/court/create");
      await page.getByRole("radio", { name: "Koordinaten" }).click();
      const region = page.getByRole("region", { name: "Karte: tippe auf den Platz" });
      await region.locator('[data-map-state="ready"][data-map-idle="true"]').waitFor({ timeout: 30_000 });
      expect(await region.getByRole("img", { name: "Gewählter Punkt" }).count()).toBe(0);
      const box = (await region.boundingBox())!;
      const target = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.65 };
      await page.mouse.click(target.x, target.y);
      const marker = region.getByRole("img", { name: "Gewählter Punkt" });
      await marker.waitFor();
      const latitude = page.getByLabel("Breitengrad");
      const longitude = page.getByLabel("Längengrad");
      expect(Number(await latitude.inputValue())).toBeGreaterThan(47);
      expect(Number(await longitude.inputValue())).toBeGreaterThan(5);
      // The marker's tip stands where the finger was, and the map did not jump away from it.
      await region.locator('[data-map-idle="true"]').waitFor();
      const pin = (await marker.boundingBox())!;
      expect(Math.abs(pin.x + pin.width / 2 - target.x)).toBeLessThan(3);
      expect(Math.abs(pin.y + pin.height - target.y)).toBeLessThan(3);
      await shot(page, "court-map-picker");

      // A second tap moves the same marker.
      const first = await latitude.inputValue();
      await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
      await page.waitForFunction((value) => (document.querySelector("input[inputmode=decimal]") as HTMLInputElement | null)?.value !== value, first);
      expect(await region.getByRole("img", { name: "Gewählter Punkt" }).count()).toBe(1);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a style that cannot load says so inside the same box, and the retry draws the map",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      let fail = true;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/map/style.json", async (route) => {
        await held;
        await (fail ? route.fulfill({ status: 502, body: "{}" }) : route.continue());
      });
      await page.goto("/courts/berlin");
      // While it loads: a calm placeholder with the map's label, in the box's final height.
      const placeholder = mapRegion(page).getByRole("status", { name: "Karte wird geladen..." });
      await placeholder.waitFor();
      await placeholder.getByText(MAP_LABEL).waitFor();
      expect((await mapRegion(page).boundingBox())!.height).toBeCloseTo(400, 0);
      await shot(page, "court-map-loading");
      release();
      const alert = mapRegion(page).getByRole("alert");
      await alert.getByText("Die Karte konnte nicht geladen werden.", { exact: false }).waitFor({ timeout: 30_000 });
      expect((await mapRegion(page).boundingBox())!.height).toBeCloseTo(400, 0);
      await shot(page, "court-map-error");
      fail = false;
      await alert.getByRole("button", { name: "Erneut versuchen" }).click();
      await waitForDrawnMap(page);
      expect(await mapRegion(page).getByRole("alert").count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "without WebGL the box explains that the map cannot be shown (the list stays)",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
          if (type.startsWith("webgl") || type === "experimental-webgl") return null;
          return (original as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
        } as typeof original;
      });
      await page.goto("/courts/berlin");
      await mapRegion(page).getByText("Dein Browser kann die Karte nicht anzeigen", { exact: false }).waitFor({ timeout: 30_000 });
      await page.locator("section[aria-labelledby='courts-nearby']").waitFor();
      expect(await mapBox(page).getAttribute("data-map-state")).toBe("no-webgl");
      await shot(page, "court-map-no-webgl");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "maplibre is not on the feed's critical path: not in the entry or its preloads, not requested by the feed",
    async () => {
      const critical = criticalPath(CLIENT_DIST);
      for (const file of critical.js) expect(readFileSync(join(CLIENT_DIST, file.path), "utf8")).not.toContain("maplibre");
      const index = readFileSync(join(CLIENT_DIST, "index.html"), "utf8");
      expect(index).not.toMatch(/court-map-impl|maplibre/);

      const context = await h.newContext();
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (req) => {
        if (/\.(m?js)$/.test(new URL(req.url()).pathname)) scripts.push(new URL(req.url()).pathname);
      });
      await page.goto("/games/berlin");
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(scripts.filter((s) => /court-map-impl|maplibre/.test(s))).toEqual([]);

      // The worker script is served as JavaScript (module workers refuse anything else).
      await page.goto("/courts/berlin");
      await waitForDrawnMap(page);
      const worker = scripts.find((s) => s.includes("maplibre-gl-worker"));
      expect(worker).toBeDefined();
      const res = await page.request.get(worker!);
      expect(res.headers()["content-type"]).toMatch(/^text\/javascript/);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
