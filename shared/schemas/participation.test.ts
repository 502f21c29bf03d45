import { describe, expect, test } from "bun:test";
import { ID_MAX } from "./common";
import { CASH_MESSAGE_MAX_LENGTH, ZCapturePaymentsInput, ZDeclineExternalPaymentInput, ZParticipationPaymentInput, ZRequestExternalPaymentInput } from "./participation";

/** The first issue's path and code, or null when the input passes. */
const firstIssue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? null : `${r.error?.issues[0]?.path.join(".")}: ${r.error?.issues[0]?.message}`;

describe("requestCash (issue 13): every field bounded, control characters refused", () => {
  test.each<[string, Record<string, unknown>, string | null]>([
    ["no message", {}, null],
    ["a message of the longest length", { message: "x".repeat(CASH_MESSAGE_MAX_LENGTH) }, null],
    ["one character more", { message: "x".repeat(CASH_MESSAGE_MAX_LENGTH + 1) }, "message: message_too_long"],
    ["line breaks and tabs in the message", { message: "Ich zahle bar.\r\n\tBis gleich" }, null],
    ["NUL in the message", { message: "bar\u0000" }, "message: text_control_chars"],
    ["an escape sequence in the message", { message: "\u001b[31mbar" }, "message: text_control_chars"],
    ["a C1 control in the message", { message: "bar\u0085" }, "message: text_control_chars"],
    ["a device token", { deviceToken: "web-abc" }, null],
    ["no device token (null)", { deviceToken: null }, null],
    ["an empty device token", { deviceToken: "" }, "deviceToken: required"],
    ["a device token of 4096 characters", { deviceToken: "t".repeat(4096) }, null],
    ["a device token of 4097 characters", { deviceToken: "t".repeat(4097) }, "deviceToken: invalid"],
    ["a line break in the device token", { deviceToken: "web-\nabc" }, "deviceToken: text_control_chars"],
    ["a user agent of 1000 characters", { userAgent: "u".repeat(1000) }, null],
    ["a user agent of 1001 characters", { userAgent: "u".repeat(1001) }, "userAgent: invalid"],
    ["a tab in the user agent", { userAgent: "Mozilla/5.0\t(X11)" }, "userAgent: text_control_chars"],
    ["game id 0", { gameId: 0 }, "gameId: id_invalid"],
    ["a game id beyond PostgreSQL's integer", { gameId: ID_MAX + 1 }, "gameId: id_invalid"],
    ["a fractional game id", { gameId: 1.5 }, "gameId: id_invalid"],
  ])("%s", (_, fields, issue) => {
    expect(firstIssue(ZRequestExternalPaymentInput.safeParse({ gameId: 1, ...fields }))).toBe(issue);
  });

  test("the message is trimmed, so one of blanks only is empty (none)", () => {
    expect(ZRequestExternalPaymentInput.parse({ gameId: 1, message: "  Bar bitte \n" }).message).toBe("Bar bitte");
    expect(ZRequestExternalPaymentInput.parse({ gameId: 1, message: " \n " }).message).toBe("");
  });
});

describe("the other payment inputs of issue 13 take only ids in range", () => {
  test.each([
    ["declineCash", ZDeclineExternalPaymentInput, "participationId"],
    ["payment", ZParticipationPaymentInput, "participationId"],
    ["capturePayments", ZCapturePaymentsInput, "gameId"],
  ] as const)("%s", (_, schema, key) => {
    expect(schema.safeParse({ [key]: ID_MAX }).success).toBe(true);
    for (const bad of [0, -1, ID_MAX + 1, 2.5, "1", null]) expect(firstIssue(schema.safeParse({ [key]: bad }))).toBe(`${key}: id_invalid`);
  });

  test("capturePayments without dryRun is a dry run", () => {
    expect(ZCapturePaymentsInput.parse({ gameId: 1 }).dryRun).toBe(true);
  });
});
