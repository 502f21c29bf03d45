import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { hardwareBackAction, headerBackAction } from "./native-back";
import { encodeNativeMessage, isNativeApp, onNativeMessage, parseNativeMessage, postNativeMessage, type IncomingNativeMessage, type OutgoingNativeMessage } from "./native-bridge";

const g = globalThis as unknown as { window?: unknown; document?: unknown; navigator?: unknown };
let saved: { window: unknown; document: unknown };
let posted: string[];
let win: EventTarget & { ReactNativeWebView?: { postMessage(message: string): void } };
let doc: EventTarget;

beforeEach(() => {
  saved = { window: g.window, document: g.document };
  posted = [];
  win = Object.assign(new EventTarget(), { ReactNativeWebView: { postMessage: (message: string) => void posted.push(message) } });
  doc = new EventTarget();
  g.window = win;
  g.document = doc;
});
afterEach(() => {
  g.window = saved.window;
  g.document = saved.document;
});

/** A message event as the wrapper dispatches it: from no window. */
function fromWrapper(target: EventTarget, data: unknown) {
  const event = new Event("message") as Event & { data: unknown; source: unknown };
  event.data = data;
  event.source = null;
  target.dispatchEvent(event);
}

describe("wire format", () => {
  test.each<[OutgoingNativeMessage, string]>([
    [{ type: "getNativeDeviceToken" }, "getNativeDeviceToken"],
    [{ type: "requestNotificationPermissionNative" }, "requestNotificationPermissionNative"],
    [{ type: "getNativeNotificationPermission" }, "getNativeNotificationPermission"],
    [{ type: "STORE_REVIEW" }, "STORE_REVIEW"],
    [{ type: "REDIRECT_STORE_REVIEW" }, "REDIRECT_STORE_REVIEW"],
    [{ type: "BACK_NAVIGATE" }, "BACK_NAVIGATE"],
    [{ type: "EXIT_APP" }, "EXIT_APP"],
    [{ type: "copyToClipboard", text: "https://kickrunde.de/game/1" }, '{"type":"copyToClipboard","text":"https://kickrunde.de/game/1"}'],
    [
      { type: "createEvent", title: "Kick", start: "2026-12-08T17:30:00.000Z", end: "2026-12-08T19:00:00.000Z", location: null, url: "https://k.de/game/1" },
      '{"type":"createEvent","title":"Kick","start":"2026-12-08T17:30:00.000Z","end":"2026-12-08T19:00:00.000Z","location":null,"url":"https://k.de/game/1"}',
    ],
  ])("%j goes out as %s", (message, wire) => {
    expect(encodeNativeMessage(message)).toBe(wire);
    expect(postNativeMessage(message)).toBe(true);
    expect(posted).toEqual([wire]);
  });

  test("outside the wrapper nothing is posted; a throwing bridge counts as not posted", () => {
    delete win.ReactNativeWebView;
    expect(postNativeMessage({ type: "EXIT_APP" })).toBe(false);
    win.ReactNativeWebView = {
      postMessage() {
        throw new Error("gone");
      },
    };
    expect(postNativeMessage({ type: "EXIT_APP" })).toBe(false);
  });

  test.each<[unknown, IncomingNativeMessage | null]>([
    ["GO_BACK", { type: "GO_BACK" }],
    [" GO_BACK\n", { type: "GO_BACK" }],
    ['{"type":"GO_BACK"}', { type: "GO_BACK" }],
    [{ type: "GO_BACK" }, { type: "GO_BACK" }],
    ['{"type":"nativeDeviceToken","token":"abc"}', { type: "nativeDeviceToken", token: "abc" }],
    [{ type: "nativeNotificationPermission", permission: "granted" }, { type: "nativeNotificationPermission", permission: "granted" }],
    [{ type: "nativeDeviceToken", token: 42 }, null],
    ["go_back", null],
    ["{not json", null],
    ["webpackHotUpdate", null],
    [null, null],
    [7, null],
  ])("reads %j as %j", (data, message) => {
    expect(parseNativeMessage(data)).toEqual(message);
  });
});

describe("incoming messages", () => {
  test("listeners hear the wrapper on window and on document (Android), and stop when told", () => {
    const heard: IncomingNativeMessage[] = [];
    const stop = onNativeMessage((message) => heard.push(message));
    fromWrapper(win, "GO_BACK");
    fromWrapper(doc, '{"type":"nativeDeviceToken","token":"t-1"}');
    fromWrapper(win, "something else");
    expect(heard).toEqual([{ type: "GO_BACK" }, { type: "nativeDeviceToken", token: "t-1" }]);
    stop();
    fromWrapper(win, "GO_BACK");
    expect(heard).toHaveLength(2);
  });

  test("a message from another window (a frame on the page) is not the wrapper's", () => {
    const heard: IncomingNativeMessage[] = [];
    const stop = onNativeMessage((message) => heard.push(message));
    const event = new Event("message") as Event & { data: unknown; source: unknown };
    event.data = "GO_BACK";
    event.source = {};
    win.dispatchEvent(event);
    expect(heard).toEqual([]);
    stop();
  });

  test("the wrapper is recognised by its bridge object or by its user agent", () => {
    expect(isNativeApp()).toBe(true);
    delete win.ReactNativeWebView;
    expect(isNativeApp()).toBe(/KickrundeApp/i.test(navigator.userAgent));
  });
});

describe("back", () => {
  // [path, can go back, in the wrapper, the header arrow, the hardware back button]
  test.each<[string, boolean, boolean, string, string]>([
    ["/games", false, true, "EXIT_APP", "EXIT_APP"],
    ["/games", true, true, "EXIT_APP", "EXIT_APP"],
    ["/courts", true, true, "EXIT_APP", "EXIT_APP"],
    ["/", false, true, "EXIT_APP", "EXIT_APP"],
    ["/games", false, false, "none", "EXIT_APP"],
    ["/games", true, false, "history", "EXIT_APP"],
    ["/", false, false, "cityList", "EXIT_APP"],
    ["/courts", false, false, "cityList", "EXIT_APP"],
    // a region page: the arrow goes to the chooser (spec 001 section 2.1); the hardware button walks the history
    ["/games/berlin", true, true, "cityList", "history"],
    ["/games/berlin", false, true, "cityList", "EXIT_APP"],
    ["/courts/berlin", true, false, "cityList", "history"],
    // deeper pages: history while there is some; at the root the wrapper decides (BACK_NAVIGATE) or exits
    ["/game/12", true, true, "history", "history"],
    ["/game/12", false, true, "BACK_NAVIGATE", "EXIT_APP"],
    ["/game/12/chat", false, false, "cityList", "EXIT_APP"],
    ["/game/12/chat", true, false, "history", "history"],
  ])("%s (back possible: %p, wrapper: %p): arrow %s, hardware %s", (path, canGoBack, native, arrow, hardware) => {
    expect(headerBackAction(path, canGoBack, native)).toBe(arrow as never);
    expect(hardwareBackAction(path, canGoBack)).toBe(hardware as never);
  });
});
