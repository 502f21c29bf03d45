import { describe, expect, test } from "bun:test";
import { isUntrackedPath, readClientTelemetry, withoutPersonalData } from "./telemetry";

describe("isUntrackedPath", () => {
  test.each([
    ["/court-availability-calendar/12", true],
    ["/court-availability-calendar/12/", true],
    ["/court-availability-calendar/", false],
    ["/court/12", false],
    ["/games/berlin", false],
    ["/court-availability-calendar/12/week", true],
  ])("%s → %p", (path, untracked) => expect(isUntrackedPath(path)).toBe(untracked));
});

describe("withoutPersonalData", () => {
  test("keeps the user's id only, the request's method and path only, and no breadcrumbs", () => {
    const event = {
      message: "boom",
      user: { id: 42, email: "a@b.de", username: "Anna", ip_address: "1.2.3.4" },
      request: { method: "POST", url: "https://kickrunde.de/reset-password?token=secret#x", headers: { Cookie: "session=1" }, cookies: { session: "1" }, data: "{}", query_string: "token=secret" },
      breadcrumbs: [{ message: "clicked Anna" }],
    };
    expect(withoutPersonalData(event) as unknown).toEqual({ message: "boom", user: { id: "42" }, request: { method: "POST", url: "https://kickrunde.de/reset-password" } });
  });

  test("a guest's report has no user at all", () => {
    const guest: { message: string; user?: { id?: string } } = { message: "boom", user: { ip_address: "{{auto}}" } as { id?: string } };
    expect(withoutPersonalData(guest) as unknown).toEqual({ message: "boom" });
    const none: { message: string; user?: { id?: string } } = { message: "boom" };
    expect(withoutPersonalData(none) as unknown).toEqual({ message: "boom" });
  });
});

describe("readClientTelemetry", () => {
  const reporting = { dsn: "https://key@errors.example/1", release: "1.2.3", productionHost: "kickrunde.de" };
  const analytics = { url: "https://stats.example/", siteId: 4 };

  test("reads both parts, each on or off, and leaves out what else the answer has", () => {
    expect(readClientTelemetry({ errorReporting: null, analytics: null })).toEqual({ errorReporting: null, analytics: null });
    expect(readClientTelemetry({ errorReporting: { ...reporting, extra: 1 }, analytics, more: true })).toEqual({ errorReporting: reporting, analytics });
  });

  test.each([
    ["not an object", "on"],
    ["null", null],
    ["an array", [reporting, analytics]],
    ["a part missing", { errorReporting: null }],
    ["reporting without its host", { errorReporting: { dsn: "x", release: "y" }, analytics: null }],
    ["reporting as a string", { errorReporting: "x", analytics: null }],
    ["a site id of zero", { errorReporting: null, analytics: { url: "https://s/", siteId: 0 } }],
    ["a site id with a fraction", { errorReporting: null, analytics: { url: "https://s/", siteId: 1.5 } }],
    ["a site id as text", { errorReporting: null, analytics: { url: "https://s/", siteId: "4" } }],
    ["an address as a number", { errorReporting: null, analytics: { url: 7, siteId: 4 } }],
  ])("%s: nothing reported, nothing counted (null)", (_, value) => {
    expect(readClientTelemetry(value)).toBeNull();
  });
});
