import { describe, expect, test } from "bun:test";
import { isUntrackedPath, withoutPersonalData } from "./telemetry";

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
