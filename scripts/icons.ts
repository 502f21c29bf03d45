// The app's install icons (issue 27, client/src/features/install/README.md): `bun scripts/icons.ts`
// renders client/public/favicon.svg in Debian's Chromium and writes the PNGs the manifest and
// index.html name. Run it after changing the favicon and commit the PNGs (the build only copies them).
//
//   icons/icon-192.png, icons/icon-512.png   purpose "any": the favicon as it is (rounded corners, transparent)
//   icons/maskable-512.png                   purpose "maskable": full bleed, the corners filled with the
//                                            favicon's own background, the ball well inside the 80 % safe zone
//   apple-touch-icon.png (180)               iOS rounds the corners itself and shows transparency as black,
//                                            so the same full-bleed square; at the root, where iOS also looks
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "./lib/paths";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PUBLIC_DIR = join(ROOT, "client/public");
const svg = readFileSync(join(PUBLIC_DIR, "favicon.svg"), "utf8");
// The background of the full-bleed icons: the favicon's own square (the app's pitch-700, the manifest's theme colour).
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
if (!background) throw new Error("favicon.svg: no <rect fill=\"#rrggbb\"> to take the background from");

const ICONS = [
  { file: "icons/icon-192.png", size: 192, fullBleed: false },
  { file: "icons/icon-512.png", size: 512, fullBleed: false },
  { file: "icons/maskable-512.png", size: 512, fullBleed: true },
  { file: "apple-touch-icon.png", size: 180, fullBleed: true },
] as const;

mkdirSync(join(PUBLIC_DIR, "icons"), { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const sized = svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    const fill = icon.fullBleed ? background : "transparent";
    await page.setContent(`<!doctype html><html><body style="margin:0;background:${fill}">${sized}</body></html>`);
    await page.locator("svg").waitFor();
    await page.screenshot({ path: join(PUBLIC_DIR, icon.file), omitBackground: !icon.fullBleed, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
