import { describe, expect, test } from "bun:test";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { initialTemplateState, isEmptyTemplateUpdate, templateUpdatePayload } from "./weekly-form-state";

const template: TGameTemplate = {
  id: 7,
  latestStartTime: new Date("2026-11-27T21:30:00Z"),
  deactivatedAt: null,
  isActive: true,
  court: { id: 3, name: "Mauerpark", imageUrl: null },
  organization: null,
  creator: { id: 2, firstName: "Jonas" },
  title: "Feierabendkick",
  description: "Hallo",
  descriptionEn: null,
  gameType: "PUBLIC",
  gameMode: 5,
  level: "ALL",
  gender: "MIXED",
  priceCents: 0,
  durationMinutes: 60,
  minPlayers: 10,
  maxPlayers: 12,
  teams: 2,
  isManagedPayment: false,
  instantCapture: false,
  externalPaymentRequestsAllowed: false,
  regularsHeadStart: true,
  organiserPlayerCount: 3,
  playsHimself: true,
  state: { kind: "open", nextStart: new Date("2026-12-04T21:30:00Z"), opensAt: null, gameId: null },
  latestGameId: 40,
  shareKey: null,
  viewer: { canManage: true, canEditCourt: true },
};

describe("weekly session details form", () => {
  test("starts from the template and sends nothing when unchanged", () => {
    const state = initialTemplateState(template, "de");
    expect(state).toMatchObject({ teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: 12, playerCount: 3, title: "Feierabendkick", day: "2026-12-04", hour: 22, minute: 30 });
    expect(isEmptyTemplateUpdate(templateUpdatePayload(template, state, { canSetTitle: true }))).toBe(true);
  });

  test.each([
    ["level", { level: "HIGH" as const }, { level: "HIGH" }],
    ["no maximum", { maxPlayers: null }, { removeMaxPlayers: true }],
    ["price typed as text", { priceText: "4,50" }, { priceCents: 450 }],
    ["trimmed description", { description: "  Neu  " }, { description: "Neu" }],
    ["empty English text is null", { descriptionEn: " " }, {}],
    ["own type for admins", { gameType: "KICKRUNDE" as const }, { gameType: "KICKRUNDE" }],
    ["a maximum below the organiser's places lowers them", { maxPlayers: 2 }, { maxPlayers: 2, organiserPlayerCount: 2 }],
  ])("%s", (_name, change, expected) => {
    const payload: Record<string, unknown> = templateUpdatePayload(template, { ...initialTemplateState(template, "de"), ...change }, { canSetTitle: true });
    expect(payload).toEqual({ id: 7, ...expected });
  });

  test("the title only with the right to set one", () => {
    const state = { ...initialTemplateState(template, "de"), title: "" };
    expect(templateUpdatePayload(template, state, { canSetTitle: true })).toEqual({ id: 7, title: null });
    expect(templateUpdatePayload(template, state, { canSetTitle: false })).toEqual({ id: 7 });
  });
});
