import { describe, expect, test } from "bun:test";
import { ID_MAX, nameProblem, zEmail, zId, zIsoDate, zPassword, zPlainText, zPushToken } from "./common";
import { ZRegisterInput } from "./auth";

const firstCode = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

describe("email (spec 001 section 5)", () => {
  test.each([
    ["anna@example.org", null],
    ["  Anna@Example.ORG ", null],
    ["", "email_required"],
    ["   ", "email_required"],
    ["anna", "email_invalid"],
    ["anna@", "email_invalid"],
    ["anna@example", "email_invalid"],
    ["an na@example.org", "email_invalid"],
    [`${"a".repeat(250)}@example.org`, "email_invalid"],
  ])("%p -> %p", (input, code) => {
    expect(firstCode(zEmail.safeParse(input))).toBe(code);
  });

  test("is trimmed and lower-cased", () => {
    expect(zEmail.parse("  Anna@Example.ORG ")).toBe("anna@example.org");
  });
});

describe("password (min 6)", () => {
  test.each([
    ["", "password_required"],
    ["12345", "password_too_short"],
    ["123456", null],
    ["x".repeat(256), null],
    ["x".repeat(257), "password_too_long"],
  ])("%p -> %p", (input, code) => {
    expect(firstCode(zPassword.safeParse(input))).toBe(code);
  });
});

describe("name: 2-50, a letter, letters/digits/hyphens, one space, no emojis", () => {
  test.each([
    ["Jo", null],
    ["Anna-Lena", null],
    ["Anna Lena", null],
    ["Jürgen", null],
    ["Łukasz", null],
    ["Zoë", null],
    ["Mehmet2", null],
    ["Yılmaz", null],
    ["", "name_required"],
    ["A", "name_length"],
    ["x".repeat(51), "name_length"],
    ["x".repeat(50), null],
    ["42", "name_needs_letter"],
    ["--", "name_needs_letter"],
    ["Anna Lena Marie", "name_one_space"],
    ["Anna  Lena", "name_one_space"],
    ["Anna⚽", "name_invalid_chars"],
    ["Anna😀", "name_invalid_chars"],
    ["O'Brien", "name_invalid_chars"],
    ["<script>", "name_invalid_chars"],
    ["Anna_Lena", "name_invalid_chars"],
  ])("%p -> %p", (input, code) => {
    expect(nameProblem(input)).toBe(code);
  });
});

describe("ISO date YYYY-MM-DD", () => {
  test.each([
    ["2000-02-29", null],
    ["2001-02-29", "date_format"],
    ["2000-13-01", "date_format"],
    ["01.02.2000", "date_format"],
    ["2000-1-1", "date_format"],
    ["", "date_required"],
  ])("%p -> %p", (input, code) => {
    expect(firstCode(zIsoDate.safeParse(input))).toBe(code);
  });
});

describe("register input", () => {
  const valid = {
    email: "neu@example.org",
    password: "geheim1",
    firstName: " Anna ",
    regionSlug: "berlin",
    dateOfBirth: "2000-01-01",
    language: "en",
  };
  test("valid input is normalised", () => {
    const parsed = ZRegisterInput.parse(valid);
    expect(parsed.firstName).toBe("Anna");
    expect(parsed.lastName).toBeNull();
    expect(parsed.language).toBe("en");
  });
  test("language defaults to the fallback, English (spec 001)", () => {
    expect(ZRegisterInput.parse({ ...valid, language: undefined }).language).toBe("en");
  });
  test("every broken field is reported with its code", () => {
    const r = ZRegisterInput.safeParse({ ...valid, email: "x", password: "1", firstName: "", regionSlug: "", dateOfBirth: "x" });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({
      email: "email_invalid",
      password: "password_too_short",
      firstName: "name_required",
      regionSlug: "region_required",
      dateOfBirth: "date_format",
    });
  });
});

describe("free text and tokens (issue 9: control characters)", () => {
  const text = zPlainText(20, "too_long");
  const line = zPlainText(20, "too_long", { singleLine: true });
  test.each([
    ["Tor 3", null, null],
    ["Treffpunkt:\n\tTor 3\r\n", null, "text_control_chars"],
    ["a\u0000b", "text_control_chars", "text_control_chars"],
    ["a\u0007b", "text_control_chars", "text_control_chars"],
    ["a\u001bb", "text_control_chars", "text_control_chars"],
    ["a\u007fb", "text_control_chars", "text_control_chars"],
    ["a\u0085b", "text_control_chars", "text_control_chars"],
    ["Käse – 🙂 ẞ", null, null],
    ["x".repeat(21), "too_long", "too_long"],
  ])("%j: multi-line %s, one line %s", (value, multi, single) => {
    expect(text.safeParse(value).success ? null : firstCode(text.safeParse(value))).toBe(multi);
    expect(line.safeParse(value).success ? null : firstCode(line.safeParse(value))).toBe(single);
  });

  test("text is trimmed; a push token refuses any control character, line breaks too", () => {
    expect(text.parse("  Tor 3 \n")).toBe("Tor 3");
    expect(zPushToken.safeParse("fcm:APA91b-x_y").success).toBe(true);
    expect(firstCode(zPushToken.safeParse("fcm\ntoken"))).toBe("text_control_chars");
    expect(firstCode(zPushToken.safeParse("   "))).toBe("required");
    expect(firstCode(zPushToken.safeParse(5))).toBe("required");
  });

  test("ids are 1..2^31-1, PostgreSQL's integer", () => {
    for (const ok of [1, ID_MAX]) expect(zId.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 53, "1", Number.NaN]) expect(firstCode(zId.safeParse(bad))).toBe("id_invalid");
  });
});
