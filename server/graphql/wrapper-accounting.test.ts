import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { organizations, participations, payments } from "../db/schema";
import { issueOrganizerInvoice } from "../domains/accounting/service";
import { createGameRow, createRegion, createUser } from "../testing/factories";
import { wrapperCalls } from "../testing/graphql-wrapper";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's accounting queries (spec 001 section 7), each with exactly its documented arguments:
 * coachedGames(year, month, regionSlug) for admins and organizerInvoice(userId, year, month) for the organiser and admins.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const COACHED = `query coachedGames($year: Int!, $month: Int!, $regionSlug: String!) {
  coachedGames(year: $year, month: $month, regionSlug: $regionSlug) { id creator { id firstName } startTime revenue court { id name } } }`;
const INVOICE = `query organizerInvoice($userId: ID!, $year: Int!, $month: Int!) { organizerInvoice(userId: $userId, year: $year, month: $month) { invoiceNr invoiceDate } }`;

describe("accounting through the wrapper", () => {
  test("coachedGames answers id, creator, startTime, revenue (euros) and court to admins; others are refused", async () => {
    const region = await createRegion(deps);
    const [org] = await deps.db.insert(organizations).values({ name: "Wrapper Buchhaltung e.V." }).returning();
    const coach = await createUser(deps, { firstName: "Tom", organizationId: org!.id });
    const game = await createGameRow(deps, { creatorId: coach.id, regionId: region.id, organizationId: org!.id, startTime: new Date("2036-05-10T16:00:00Z") });
    await deps.db.insert(participations).values({ gameId: game.id, userId: (await createUser(deps)).id, paymentStatus: "PaidExternally", totalPriceCents: 650 });

    const admin = await signedIn({ isAdmin: true });
    const data = await ok(admin.client, COACHED, { year: 2036, month: 5, regionSlug: region.slug });
    expect(data.coachedGames).toEqual([{ id: String(game.id), creator: { id: String(coach.id), firstName: "Tom" }, startTime: "2036-05-10T16:00:00.000Z", revenue: 6.5, court: null }]);

    const player = await signedIn();
    expect(await failure(player.client, COACHED, { year: 2036, month: 5, regionSlug: region.slug })).toMatchObject({ code: "FORBIDDEN" });
  });

  test("organizerInvoice answers invoiceNr and invoiceDate to the organiser and admins, NOT_FOUND without one; others are refused", async () => {
    const region = await createRegion(deps);
    const organiser = await signedIn();
    const game = await createGameRow(deps, { creatorId: organiser.user.id, regionId: region.id, startTime: new Date("2037-02-10T16:00:00Z") });
    const [p] = await deps.db.insert(participations).values({ gameId: game.id, userId: (await createUser(deps)).id, paymentStatus: "Captured", totalPriceCents: 1000 }).returning();
    await deps.db.insert(payments).values({ stripePaymentIntentId: `pi_wrapper_accounting_${crypto.randomUUID()}`, purpose: "participation", subjectId: p!.id, destinationAccountId: "acct_x", amountCents: 1000, applicationFeeCents: 99, captureMethod: "manual", status: "succeeded", amountReceivedCents: 1000 });
    const invoice = (await issueOrganizerInvoice(deps, organiser.user.id, 2037, 2))!;

    const variables = { userId: String(organiser.user.id), year: 2037, month: 2 };
    expect((await ok(organiser.client, INVOICE, variables)).organizerInvoice).toEqual({ invoiceNr: invoice.number, invoiceDate: invoice.issuedAt.toISOString() });
    const admin = await signedIn({ isAdmin: true });
    expect((await ok(admin.client, INVOICE, variables)).organizerInvoice).toEqual({ invoiceNr: invoice.number, invoiceDate: invoice.issuedAt.toISOString() });
    expect(await failure(organiser.client, INVOICE, { ...variables, month: 3 })).toMatchObject({ code: "NOT_FOUND" });
    const stranger = await signedIn();
    expect(await failure(stranger.client, INVOICE, variables)).toMatchObject({ code: "FORBIDDEN" });
  });
});
