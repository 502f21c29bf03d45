import { describe, expect, test } from "bun:test";
import { SESSION_KEYS } from "../../client/src/lib/storage";
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

  test("the starter hides the sign-in line by the app's own session key", () => {
    expect(APP_START_SOURCE).toContain(`sessionStorage.getItem("${SESSION_KEYS.guestBannerDismissed}") === "1"`);
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
  type Control = { closest(selector: string): unknown; isConnected: boolean; clicks: number; click(): void; [key: string]: unknown };
  function makeControl(link = false): Control {
    const control: Control = { closest: (selector) => (selector.startsWith("a[") ? (link ? {} : null) : control), isConnected: true, clicks: 0, click() { this.clicks++; } };
    return control;
  }
  type Img = { decode(): Promise<void>; getBoundingClientRect(): { top: number } };
  function runStarter({ drawn, held = [], images = [], drawnControls = [], bannerHidden = false }: { drawn: boolean; held?: string[]; images?: Img[]; drawnControls?: Control[]; bannerHidden?: boolean }) {
    const added: El[] = [];
    const frames: (() => void)[] = [];
    const timers: { f: () => void; ms: number }[] = [];
    const onLoad: (() => void)[] = [];
    const clicks: ((event: unknown) => void)[] = [];
    const focuses: ((event: unknown) => void)[] = [];
    const htmlClasses: string[] = [];
    const committed = { value: false };
    const document = {
      documentElement: { classList: { add: (name: string) => htmlClasses.push(name) }, hasAttribute: (name: string) => name === "data-app-committed" && committed.value },
      addEventListener: (type: string, f: (event: unknown) => void, capture: boolean) => capture && (type === "click" ? clicks : focuses).push(f),
      currentScript: element({ "data-app": "/assets/index-a.js" }),
      readyState: "interactive",
      getElementById: (id: string) => (id === "root" ? { firstChild: drawn ? {} : null, getElementsByTagName: () => images, querySelectorAll: () => drawnControls } : null),
      querySelectorAll: (selector: string) => (selector === 'link[rel="kr-preload"]' ? held.map((href) => element({ href })) : []),
      createElement: () => element(),
      head: { appendChild: (e: El) => added.push(e) },
    };
    new Function("document", "requestAnimationFrame", "setTimeout", "addEventListener", "innerHeight", "WeakSet", "sessionStorage", APP_START_SOURCE)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void, ms: number) => timers.push({ f, ms }),
      (type: string, f: () => void) => type === "load" && onLoad.push(f),
      800,
      // the page's WeakSet over the controls the server drew (objects here)
      class extends WeakSet<object> {
        constructor(items?: Iterable<object>) {
          super(items ? [...items] : []);
        }
      },
      { getItem: (key: string) => (bannerHidden && key === "kickrunde.guestBannerDismissed" ? "1" : null) },
    );
    const modules = () => added.filter((e) => e.type === "module");
    // the timers of that delay that are due, each once (a timer set while they run waits for the next call)
    const fire = (ms: number) => {
      const due = timers.filter((t) => t.ms === ms);
      for (const t of due) timers.splice(timers.indexOf(t), 1);
      for (const t of due) t.f();
    };
    /** A trusted tap on a control (or a link); the control's `closest` answers by selector, its keys say whether React hydrated it. */
    function tap({ link = false, control: existing }: { link?: boolean; control?: Control } = {}) {
      const control: Control = existing ?? makeControl(link);
      const target = { closest: (selector: string) => (link && selector.startsWith("a[") ? {} : link ? null : control) };
      let prevented = false;
      let stopped = false;
      for (const f of clicks) f({ isTrusted: true, target, preventDefault: () => (prevented = true), stopPropagation: () => (stopped = true) });
      return { prevented, stopped, control };
    }
    const focus = (selectorMatches: boolean) => focuses.forEach((f) => f({ target: { closest: () => (selectorMatches ? {} : null) } }));
    return { added, frames, timers, onLoad, modules, fire, tap, clicks, focus, htmlClasses, commit: () => (committed.value = true) };
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

  test("a tap on a drawn control React has not hydrated is held, starts the app at once and is given again once hydrated; links and later controls pass", () => {
    const control = makeControl();
    const page = runStarter({ drawn: true, drawnControls: [control] });
    expect(page.clicks).toHaveLength(1);
    // a link: the browser follows it as a link
    expect(page.tap({ link: true })).toMatchObject({ prevented: false, stopped: false });
    // a control the server did not draw (added by the app or a map): never held
    expect(page.tap()).toMatchObject({ prevented: false, stopped: false });
    expect(page.modules()).toHaveLength(0);
    // the drawn button, not hydrated: held, and the app starts at once
    const held = page.tap({ control });
    expect(held).toMatchObject({ prevented: true, stopped: true });
    expect(page.modules()).toHaveLength(1);
    // still not hydrated: looked at again a frame later, not given
    page.fire(16);
    expect(control.clicks).toBe(0);
    // React is rendering it (its props are on the element) but has not committed: not yet
    control["__reactProps$abc"] = {};
    page.fire(16);
    expect(control.clicks).toBe(0);
    // the app's tree committed: given again once it stayed so for a few frames, once
    page.commit();
    for (let frame = 0; frame < 3; frame++) page.fire(16);
    expect(control.clicks).toBe(0);
    page.fire(16);
    expect(control.clicks).toBe(1);
    page.fire(16);
    expect(control.clicks).toBe(1);
    // a tap on a hydrated control is React's own
    expect(page.tap({ control })).toMatchObject({ prevented: false, stopped: false });
  });

  test("a drawn page whose sign-in line was hidden in this tab gets the class that hides it before the first paint", () => {
    expect(runStarter({ drawn: true, bannerHidden: true }).htmlClasses).toEqual(["kr-guest-banner-hidden"]);
    expect(runStarter({ drawn: true }).htmlClasses).toEqual([]);
  });

  test("a form field of a drawn page taken into use starts the app at once (the field waits for it, read-only)", () => {
    const page = runStarter({ drawn: true });
    page.focus(false);
    expect(page.modules()).toHaveLength(0);
    page.focus(true);
    expect(page.modules()).toHaveLength(1);
  });

  test("a page the browser draws holds no taps (there is nothing to tap before the app)", () => {
    const page = runStarter({ drawn: false });
    expect(page.clicks).toHaveLength(0);
    page.focus(true);
    expect(page.modules()).toHaveLength(0);
  });

  test("a page the server drew whose load never comes (a hanging image): the app starts after 2.5 s", () => {
    const page = runStarter({ drawn: true });
    page.fire(2500);
    expect(page.modules().map((e) => e.src)).toEqual(["/assets/index-a.js"]);
  });
});
