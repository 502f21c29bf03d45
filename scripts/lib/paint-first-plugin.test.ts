import { describe, expect, test } from "bun:test";
import { APP_START_FILE, APP_START_SOURCE, paintFirstPage } from "./paint-first-plugin";

describe("paint first, then the app (paint-first-plugin.ts)", () => {
  const page = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/client-b.js">
    <link rel="stylesheet" crossorigin href="/assets/client-c.css">
  </head>`;

  test("the app's module script becomes a low-priority preload and the starter; the style sheet stays as it was", () => {
    const html = paintFirstPage(page);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-a.js">');
    expect(html).toContain(`<script defer src="/${APP_START_FILE}" data-app="/assets/index-a.js"></script>`);
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/client-b.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/client-c.css">');
    expect(APP_START_FILE).toMatch(/^assets\/app-start-[0-9a-f]{8}\.js$/);
  });

  test("a second pass changes nothing", () => {
    const once = paintFirstPage(page);
    expect(paintFirstPage(once)).toBe(once);
  });

  // A page of the smallest shape the starter uses, its frames, timers and load event driven by the test.
  type El = { rel?: string; href?: string; type?: string; crossOrigin?: string; src?: string; attributes: Record<string, string>; setAttribute(n: string, v: string): void; getAttribute(n: string): string | null };
  function element(attributes: Record<string, string> = {}): El {
    return { attributes: { ...attributes }, setAttribute(n, v) { this.attributes[n] = v; }, getAttribute(n) { return this.attributes[n] ?? null; } };
  }
  type Img = { decode(): Promise<void>; getBoundingClientRect(): { top: number } };
  function runStarter({ drawn, held = [], images = [] }: { drawn: boolean; held?: string[]; images?: Img[] }) {
    const added: El[] = [];
    const frames: (() => void)[] = [];
    const timers: { f: () => void; ms: number }[] = [];
    const onLoad: (() => void)[] = [];
    const document = {
      currentScript: element({ "data-app": "/assets/index-a.js" }),
      readyState: "interactive",
      getElementById: (id: string) => (id === "root" ? { firstChild: drawn ? {} : null, getElementsByTagName: () => images } : null),
      querySelectorAll: (selector: string) => (selector === 'link[rel="kr-preload"]' ? held.map((href) => element({ href })) : []),
      createElement: () => element(),
      head: { appendChild: (e: El) => added.push(e) },
    };
    new Function("document", "requestAnimationFrame", "setTimeout", "addEventListener", "innerHeight", APP_START_SOURCE)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void, ms: number) => timers.push({ f, ms }),
      (type: string, f: () => void) => type === "load" && onLoad.push(f),
      800,
    );
    const modules = () => added.filter((e) => e.type === "module");
    const fire = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.f());
    return { added, frames, timers, onLoad, modules, fire };
  }

  test("a page the browser draws: the app's module script after the first frame, once", () => {
    const page = runStarter({ drawn: false });
    expect(page.added).toHaveLength(0);
    expect(page.timers.map((t) => t.ms)).toEqual([200]);
    page.frames.shift()!();
    expect(page.added).toHaveLength(0);
    // the frame went out: the start is queued right behind it
    page.fire(0);
    expect(page.modules()).toHaveLength(1);
    expect(page.modules()[0]).toMatchObject({ type: "module", crossOrigin: "", src: "/assets/index-a.js" });
    expect(page.modules()[0]!.getAttribute("fetchpriority")).toBe("low");
    // the hidden tab's timer still fires: nothing is started twice
    page.fire(200);
    expect(page.added).toHaveLength(1);
  });

  test("a page the server drew: nothing before its load, its images on the screen decoded and painted; then its held preloads and the app", async () => {
    let decodeOnScreen: () => void = () => {};
    const decodes: string[] = [];
    const images: Img[] = [
      { decode: () => (decodes.push("on screen"), new Promise<void>((resolve) => (decodeOnScreen = resolve))), getBoundingClientRect: () => ({ top: 300 }) },
      { decode: () => (decodes.push("below"), Promise.resolve()), getBoundingClientRect: () => ({ top: 2000 }) },
      { decode: () => (decodes.push("broken"), Promise.reject(new Error("EncodingError"))), getBoundingClientRect: () => ({ top: 10 }) },
    ];
    const page = runStarter({ drawn: true, held: ["/assets/client-b.js", "/assets/feed-c.js"], images });
    expect(page.frames).toHaveLength(0);
    expect(page.timers.map((t) => t.ms)).toEqual([2500]);
    page.onLoad.shift()!();
    // only the images on the screen are waited for; a broken one does not hold the start
    expect(decodes).toEqual(["on screen", "broken"]);
    await Bun.sleep(0);
    expect(page.frames).toHaveLength(0);
    decodeOnScreen();
    await Bun.sleep(0);
    // the frame that paints the image, then the one after it
    page.frames.shift()!();
    expect(page.timers.filter((t) => t.ms === 0)).toHaveLength(0);
    page.frames.shift()!();
    expect(page.added).toHaveLength(0);
    page.fire(0);
    expect(page.added.filter((e) => e.rel === "modulepreload").map((e) => e.href)).toEqual(["/assets/client-b.js", "/assets/feed-c.js"]);
    expect(page.added.every((e) => e.getAttribute("fetchpriority") === "low")).toBe(true);
    expect(page.modules().map((e) => e.src)).toEqual(["/assets/index-a.js"]);
    page.fire(2500);
    expect(page.modules()).toHaveLength(1);
  });

  test("a page the server drew whose load never comes (a hanging image): the app starts after 2.5 s", () => {
    const page = runStarter({ drawn: true });
    page.fire(2500);
    expect(page.modules().map((e) => e.src)).toEqual(["/assets/index-a.js"]);
  });
});
