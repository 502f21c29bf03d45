import { describe, expect, test } from "bun:test";
import { cleanMessageText, isAllowedLink, messageSegments, messageTextProblem } from "./message-text";

describe("cleaning hostile message texts", () => {
  test.each([
    ["<script>alert(1)</script>Hallo", "alert(1)Hallo"],
    ['<img src=x onerror="alert(1)">Bild', "Bild"],
    ["<b>fett</b> und <i>kursiv</i>", "fett und kursiv"],
    ["  Hallo \r\n\r\n\r\n\r\nWelt  ", "Hallo\n\nWelt"],
    ["a < b und c > d", "a < b und c > d"],
    ["\u0000\u0007Steuerzeichen", "Steuerzeichen"],
    ["<a href=\"javascript:alert(1)\">klick</a>", "klick"],
  ])("%p -> %p", (input, out) => {
    expect(cleanMessageText(input)).toBe(out);
  });

  test.each([
    ["", "message_required"],
    ["   ", "message_required"],
    ["x".repeat(500), null],
    ["x".repeat(501), "message_too_long"],
    ["x".repeat(10_000), "message_too_long"],
  ])("length of %#", (input, problem) => {
    expect(messageTextProblem(cleanMessageText(input))).toBe(problem as never);
  });
});

describe("which links are clickable", () => {
  test.each([
    ["https://kickrunde.de/game/5", true],
    ["http://kickrunde.de/game/5", true],
    ["https://www.kickrunde.de/games/berlin", true],
    ["https://connect.stripe.com/setup/e/acct_1/abc", true],
    ["http://connect.stripe.com/setup", false],
    ["javascript:alert(1)", false],
    ["https://kickrunde.de.evil.example/", false],
    ["https://evil-kickrunde.de/", false],
    ["https://kickrunde.de@evil.example/", false],
    ["https://xn--kickrunde-9db.de/", false],
    ["https://kíckrunde.de/", false],
    ["data:text/html,<script>", false],
    ["https://stripe.com.evil.example/", false],
    ["ftp://kickrunde.de/", false],
  ])("%s -> %p", (url, ok) => {
    expect(isAllowedLink(url)).toBe(ok);
  });

  test("the app's own deployment host counts as ours", () => {
    expect(isAllowedLink("http://127.0.0.1:3000/game/1", ["127.0.0.1"])).toBe(true);
  });

  test("segments keep other links as plain text", () => {
    expect(messageSegments("Komm: https://kickrunde.de/game/7. Oder https://evil.example/x")).toEqual([
      { kind: "text", text: "Komm: " },
      { kind: "link", text: "https://kickrunde.de/game/7", href: "https://kickrunde.de/game/7" },
      { kind: "text", text: ". Oder https://evil.example/x" },
    ]);
  });
});
