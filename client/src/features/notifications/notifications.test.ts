import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fetchNativePermission, fetchNativeToken, NATIVE_POLL_MS, NATIVE_TIMEOUT_MS, pollUntil, type Clock } from "@client/lib/native-notifications";
import { mapNativePermission, mapPermission } from "@client/lib/notification-permission";
import { getPermissionState } from "./permission";

/** A clock that only moves when the code under test sleeps; `onSleep` runs after each step. */
function fakeClock(onSleep: (elapsed: number) => void = () => {}): Clock & { elapsed: () => number; sleeps: number[] } {
  let t = 0;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
      onSleep(t);
    },
    elapsed: () => t,
    sleeps,
  };
}

type FakeWindow = {
  ReactNativeWebView?: { postMessage(message: string): void };
  kickrundeDeviceToken?: unknown;
  kickrundeNotificationPermission?: unknown;
  addEventListener(): void;
};
const g = globalThis as unknown as { window?: FakeWindow; document?: unknown; navigator?: unknown };
let posted: string[] = [];
let savedWindow: FakeWindow | undefined;
let savedDocument: unknown;

beforeEach(() => {
  savedWindow = g.window;
  savedDocument = g.document;
  posted = [];
  g.window = { ReactNativeWebView: { postMessage: (message) => posted.push(message) }, addEventListener: () => {} };
  g.document = { addEventListener: () => {} };
});

afterEach(() => {
  g.window = savedWindow;
  g.document = savedDocument;
});

describe("permission state", () => {
  test("maps the browser permission to the spec's states", () => {
    expect(mapPermission("default")).toBe("not_asked_yet");
    expect(mapPermission("granted")).toBe("granted");
    expect(mapPermission("denied")).toBe("denied");
    expect(mapPermission(undefined)).toBe("not_supported");
    expect(mapPermission(null)).toBe("not_supported");
  });

  test("maps the wrapper's answers", () => {
    expect(mapNativePermission("granted")).toBe("granted");
    expect(mapNativePermission("authorized")).toBe("granted");
    expect(mapNativePermission("denied")).toBe("denied");
    expect(mapNativePermission("not_determined")).toBe("not_asked_yet");
    expect(mapNativePermission("default")).toBe("not_asked_yet");
    expect(mapNativePermission("something")).toBeNull();
    expect(mapNativePermission(undefined)).toBeNull();
  });

  test("in the native app the wrapper's last answer counts; none yet is not_asked_yet", () => {
    expect(getPermissionState()).toBe("not_asked_yet");
    g.window!.kickrundeNotificationPermission = "denied";
    expect(getPermissionState()).toBe("denied");
  });
});

describe("native polling", () => {
  test("polls every 250 ms and gives up after 5 seconds", async () => {
    const clock = fakeClock();
    expect(await pollUntil(() => null, clock)).toBeNull();
    expect(clock.elapsed()).toBe(NATIVE_TIMEOUT_MS);
    expect(clock.sleeps.every((ms) => ms === NATIVE_POLL_MS)).toBe(true);
    expect(clock.sleeps.length).toBe(NATIVE_TIMEOUT_MS / NATIVE_POLL_MS);
  });

  test("the wrapper's token after 750 ms is taken at the next poll", async () => {
    const clock = fakeClock((t) => {
      if (t === 750) g.window!.kickrundeDeviceToken = "fcm-token-1";
    });
    expect(await fetchNativeToken(clock)).toBe("fcm-token-1");
    expect(clock.elapsed()).toBe(750);
    expect(posted).toEqual(["getNativeDeviceToken"]);
  });

  test("no token within 5 seconds gives null", async () => {
    const clock = fakeClock();
    expect(await fetchNativeToken(clock)).toBeNull();
    expect(clock.elapsed()).toBe(NATIVE_TIMEOUT_MS);
  });

  test("a token just before the time-out still counts, one after it does not", async () => {
    const early = fakeClock((t) => {
      if (t === NATIVE_TIMEOUT_MS) g.window!.kickrundeDeviceToken = "late-but-ok";
    });
    expect(await fetchNativeToken(early)).toBe("late-but-ok");
    g.window!.kickrundeDeviceToken = undefined;
    const late = fakeClock((t) => {
      if (t > NATIVE_TIMEOUT_MS) g.window!.kickrundeDeviceToken = "too-late";
    });
    expect(await fetchNativeToken(late)).toBeNull();
  });

  test("asking for permission: the answer comes back, silence is denied", async () => {
    const answering = fakeClock((t) => {
      if (t === 500) g.window!.kickrundeNotificationPermission = "granted";
    });
    expect(await fetchNativePermission({ request: true, clock: answering })).toBe("granted");
    expect(posted).toEqual(["requestNotificationPermissionNative"]);

    g.window!.kickrundeNotificationPermission = undefined;
    const silent = fakeClock();
    expect(await fetchNativePermission({ clock: silent })).toBe("denied");
    expect(posted).toEqual(["requestNotificationPermissionNative", "getNativeNotificationPermission"]);
    expect(silent.elapsed()).toBe(NATIVE_TIMEOUT_MS);
  });

  test("a request forgets the previous answer and waits for the new one", async () => {
    g.window!.kickrundeNotificationPermission = "not_determined";
    const clock = fakeClock((t) => {
      if (t === 250) g.window!.kickrundeNotificationPermission = "denied";
    });
    expect(await fetchNativePermission({ request: true, clock })).toBe("denied");
  });
});
