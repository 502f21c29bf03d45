import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER, SUPPORT_USER_ID } from "@shared/constants";
import { eq, sql } from "drizzle-orm";
import type { Deps } from "../context";
import type { Tx } from "./client";
import { addressInUse, createAddress } from "../domains/addresses/service";
import { createUser, findUserByEmail, findUserByStripeAccountId, setPaymentAccount } from "../domains/users/service";
import { ensureDemoTeams, ensureDemoTournament } from "../domains/tournaments/service";
import { hashPassword } from "../lib/password";
import { groups, marketingMessages, organizations, regions, userGroups } from "./schema";
import { seedDemoGames } from "./seed-games";

/** Every demo account signs in with this password (README, Demo data). */
export const DEMO_PASSWORD = "kickrunde";
/**
 * The demo organiser's connected account: onboarded and able to take charges, so managed-payment games
 * can be demonstrated at once. The local Stripe emulator must know an account of this id.
 */
export const DEMO_ORGA_STRIPE_ACCOUNT_ID = "acct_demo_orga";
/** The demo court owner's connected account: bookings of the Soccerhalle are paid to it. */
export const DEMO_COURT_OWNER_STRIPE_ACCOUNT_ID = "acct_demo_platz";

type RegionSeed = { name: string; slug: string; latitude: number; longitude: number; featured?: boolean; perimeter?: number };

/** German cities with their real centre coordinates. */
export const DEMO_REGIONS: RegionSeed[] = [
  { name: "Berlin", slug: "berlin", latitude: 52.520008, longitude: 13.404954, featured: true, perimeter: 30 },
  { name: "Hamburg", slug: "hamburg", latitude: 53.551086, longitude: 9.993682, featured: true, perimeter: 25 },
  { name: "München", slug: "muenchen", latitude: 48.135125, longitude: 11.581981, featured: true, perimeter: 25 },
  { name: "Köln", slug: "koeln", latitude: 50.937531, longitude: 6.960279, featured: true },
  { name: "Frankfurt am Main", slug: "frankfurt", latitude: 50.110924, longitude: 8.682127, featured: true },
  { name: "Stuttgart", slug: "stuttgart", latitude: 48.775846, longitude: 9.182932, featured: true },
  { name: "Leipzig", slug: "leipzig", latitude: 51.339695, longitude: 12.373075, featured: true },
  { name: "Düsseldorf", slug: "duesseldorf", latitude: 51.227741, longitude: 6.773456, featured: true },
  { name: "Dortmund", slug: "dortmund", latitude: 51.513587, longitude: 7.465298 },
  { name: "Essen", slug: "essen", latitude: 51.455643, longitude: 7.011555 },
  { name: "Bremen", slug: "bremen", latitude: 53.079296, longitude: 8.801694 },
  { name: "Dresden", slug: "dresden", latitude: 51.050409, longitude: 13.737262 },
  { name: "Hannover", slug: "hannover", latitude: 52.375892, longitude: 9.73201 },
  { name: "Nürnberg", slug: "nuernberg", latitude: 49.452102, longitude: 11.076665 },
  { name: "Münster", slug: "muenster", latitude: 51.960665, longitude: 7.626135 },
  { name: "Karlsruhe", slug: "karlsruhe", latitude: 49.00689, longitude: 8.403653 },
  { name: "Freiburg im Breisgau", slug: "freiburg", latitude: 47.999008, longitude: 7.842104 },
  { name: "Mannheim", slug: "mannheim", latitude: 49.487459, longitude: 8.466039 },
  { name: "Bonn", slug: "bonn", latitude: 50.73743, longitude: 7.098207 },
  { name: "Augsburg", slug: "augsburg", latitude: 48.370545, longitude: 10.89779 },
  { name: "Kiel", slug: "kiel", latitude: 54.323293, longitude: 10.122765 },
  { name: "Mainz", slug: "mainz", latitude: 49.992862, longitude: 8.247253 },
  { name: "Heidelberg", slug: "heidelberg", latitude: 49.398752, longitude: 8.672434 },
  { name: "Aachen", slug: "aachen", latitude: 50.775346, longitude: 6.083887 },
];

type UserSeed = {
  id?: number;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  region: string;
  isAdmin?: boolean;
  groups?: string[];
  organization?: boolean;
  /** owns the rentable demo court (seed-games.ts) */
  courtOwner?: boolean;
  verified?: boolean;
  reliability?: number | null;
  punctuality?: number | null;
  language?: "de" | "en";
};

export const DEMO_USERS: UserSeed[] = [
  { email: "admin@kickrunde.de", firstName: "Anna", lastName: "Becker", dateOfBirth: "1988-04-12", region: "berlin", isAdmin: true, groups: [STAFF_GROUP_LEAD], verified: true, reliability: 98, punctuality: 95 },
  { email: "orga@kickrunde.de", firstName: "Jonas", lastName: "Weber", dateOfBirth: "1992-09-03", region: "berlin", groups: [STAFF_GROUP_PARTNER], organization: true, verified: true, reliability: 94, punctuality: 88 },
  { email: "spieler@kickrunde.de", firstName: "Lena", lastName: "Schulz", dateOfBirth: "1999-01-27", region: "berlin", verified: true, reliability: 86, punctuality: 80 },
  { email: "mehmet@kickrunde.de", firstName: "Mehmet", lastName: "Yılmaz", dateOfBirth: "1995-06-14", region: "berlin", verified: true, reliability: 72, punctuality: 64 },
  { email: "sophie@kickrunde.de", firstName: "Sophie", lastName: "Hoffmann", dateOfBirth: "2001-11-30", region: "hamburg", verified: true, reliability: null, punctuality: null },
  { email: "lukas@kickrunde.de", firstName: "Lukas", lastName: "Fischer", dateOfBirth: "1990-02-08", region: "muenchen", verified: false, reliability: 45, punctuality: 52 },
  { email: "emma@kickrunde.de", firstName: "Emma", lastName: "Wagner", dateOfBirth: "1997-07-21", region: "koeln", verified: true, reliability: 90, punctuality: 91, groups: [STAFF_GROUP_EMPLOYEE] },
  { email: "noah@kickrunde.de", firstName: "Noah", lastName: "Klein", dateOfBirth: "2003-03-05", region: "leipzig", verified: false, reliability: null, punctuality: null, language: "en" },
  { email: "platz@kickrunde.de", firstName: "Sabine", lastName: "Krüger", dateOfBirth: "1984-10-02", region: "berlin", courtOwner: true, verified: true, reliability: null, punctuality: null },
  { id: SUPPORT_USER_ID, email: "support@kickrunde.de", firstName: "Kickrunde", lastName: "Support", dateOfBirth: "2019-05-01", region: "berlin", groups: [STAFF_GROUP_EMPLOYEE], verified: true },
];

/** Loads the demo data into an empty database; returns counts, or null when data exists. */
/**
 * The offline default's Stripe emulator must know the demo organiser's connected account, which the
 * seed wrote without going through the API: an Express account under its id, onboarded, so payments
 * to it work. Nothing happens against real Stripe or without payments. Runs at every start (the
 * emulator keeps its own state file, which may be newer or older than the database).
 */
export async function registerDemoAccounts(deps: Deps): Promise<boolean> {
  const emulator = deps.payments?.emulator;
  if (!emulator) return false;
  let registered = false;
  for (const id of [DEMO_ORGA_STRIPE_ACCOUNT_ID, DEMO_COURT_OWNER_STRIPE_ACCOUNT_ID]) {
    const user = await findUserByStripeAccountId(deps.db, id);
    if (!user) continue;
    const account = emulator.ensureAccount(id, user.email);
    if (!account.charges_enabled) emulator.completeOnboarding(id, { businessType: "individual" });
    registered = true;
  }
  return registered;
}

async function isEmpty(deps: Deps): Promise<boolean> {
  const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(regions);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoIfEmpty(deps: Deps): Promise<Record<string, number> | null> {
  return (await isEmpty(deps)) ? seedDemo(deps) : null;
}

/**
 * Production's default (SEED=reference): the reference data an empty database needs to be usable (the
 * cities people register and search in, the staff groups), and no account of any kind.
 */
export async function seedReferenceIfEmpty(deps: Deps): Promise<Record<string, number> | null> {
  if (!(await isEmpty(deps))) return null;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const regionRows = await insertRegions(tx, now);
    const groupRows = await insertStaffGroups(tx);
    return { regions: regionRows.length, groups: groupRows.length };
  });
}

function insertRegions(tx: Tx, now: Date) {
  return tx
    .insert(regions)
    .values(
      DEMO_REGIONS.map((r) => ({
        name: r.name,
        slug: r.slug,
        latitude: r.latitude,
        longitude: r.longitude,
        perimeter: r.perimeter ?? 20,
        featured: r.featured ?? false,
        mapZoomLevel: 11,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: regions.id, slug: regions.slug });
}

function insertStaffGroups(tx: Tx) {
  return tx
    .insert(groups)
    .values([STAFF_GROUP_LEAD, STAFF_GROUP_EMPLOYEE, STAFF_GROUP_PARTNER].map((name) => ({ name })))
    .onConflictDoNothing()
    .returning();
}

export async function seedDemo(deps: Deps): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return deps.db.transaction(async (tx) => {
    const regionRows = await insertRegions(tx, now);
    const regionId = new Map(regionRows.map((r) => [r.slug, r.id]));

    const groupRows = await insertStaffGroups(tx);
    const groupId = new Map(groupRows.map((g) => [g.name, g.id]));

    const [org] = await tx
      .insert(organizations)
      .values({ name: "Bolzplatzhelden e.V.", gameApplicationFeePercentage: 5, createdAt: now })
      .returning({ id: organizations.id });

    let userCount = 0;
    for (const u of DEMO_USERS) {
      // Through the users domain, the table's one writer; null when the account already exists.
      const createdId = await createUser(tx, {
        ...(u.id ? { id: u.id } : {}),
        email: u.email,
        passwordHash,
        firstName: u.firstName,
        lastName: u.lastName,
        dateOfBirth: u.dateOfBirth,
        regionId: regionId.get(u.region) ?? null,
        isAdmin: u.isAdmin ?? false,
        isCourtOwner: u.courtOwner ?? false,
        organizationId: u.organization ? (org?.id ?? null) : null,
        emailVerifiedAt: u.verified ? now : null,
        reliabilityRating: u.reliability ?? null,
        punctualityRating: u.punctuality ?? null,
        applicationLanguage: u.language ?? "de",
        createdAt: now,
      });
      if (createdId === null) continue;
      userCount++;
      for (const g of u.groups ?? []) {
        const gid = groupId.get(g);
        if (gid) await tx.insert(userGroups).values({ userId: createdId, groupId: gid }).onConflictDoNothing();
      }
    }
    // Explicit ids (the support user) must not collide with the next generated one.
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);

    // The organiser heads Berlin (a "region head" badge in the demo).
    const orga = await findUserByEmail(tx, "orga@kickrunde.de");
    if (orga) {
      await tx.update(regions).set({ headId: orga.id }).where(eq(regions.slug, "berlin"));
      // Ready for managed payment: an address and a connected account that can take charges.
      if (!(await addressInUse(tx, orga.id))) {
        await createAddress(tx, orga.id, { line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" }, now);
      }
      await setPaymentAccount(
        tx,
        orga.id,
        {
          stripeAccountId: DEMO_ORGA_STRIPE_ACCOUNT_ID,
          paymentOnboardingCompleted: true,
          paymentChargesEnabled: true,
          paymentPayoutsEnabled: true,
          paymentBusinessType: "individual",
        },
        now,
      );
    }
    // The court owner takes card payments for bookings of the Soccerhalle.
    const courtOwner = await findUserByEmail(tx, "platz@kickrunde.de");
    if (courtOwner) {
      if (!(await addressInUse(tx, courtOwner.id))) {
        await createAddress(tx, courtOwner.id, { line1: "Görlitzer Straße 70", town: "Berlin", postalCode: "10997", country: "DE" }, now);
      }
      await setPaymentAccount(
        tx,
        courtOwner.id,
        {
          stripeAccountId: DEMO_COURT_OWNER_STRIPE_ACCOUNT_ID,
          paymentOnboardingCompleted: true,
          paymentChargesEnabled: true,
          paymentPayoutsEnabled: true,
          paymentBusinessType: "individual",
        },
        now,
      );
    }
    await tx
      .update(regions)
      .set({ telegramGroupUrl: "https://t.me/kickrunde_berlin", whatsappChannelUrl: "https://whatsapp.com/channel/kickrunde-berlin" })
      .where(eq(regions.slug, "berlin"));

    const played = await seedDemoGames(deps, tx);
    // An upcoming Berlin tournament of the organiser, published (issue 25): three weeks ahead, Saturday-like 10:00 to 18:00 Berlin.
    const berlinId = regionId.get("berlin");
    if (orga && berlinId) {
      const day = new Date(now.getTime() + 21 * 86400_000);
      const at = (hourUtc: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourUtc));
      const tournamentId = await ensureDemoTournament(tx, {
        name: "Kickrunde Sommer-Cup Berlin",
        description: "Unser Turnier für Freizeitteams: 5 gegen 5, Gruppenphase und K.-o.-Runde. Meldet euer Team an!",
        descriptionEn: "Our tournament for casual teams: 5-a-side, group stage and knockout round. Register your team!",
        rules: "Gespielt wird 5 gegen 5 mit fliegendem Torwart, 10 Minuten pro Spiel. Fair Play geht vor.",
        rulesEn: "5-a-side with a rolling goalkeeper, 10 minutes per match. Fair play comes first.",
        cancellationPolicy: "Bis 7 Tage vor dem Turnier erstatten wir die Teilnahmegebühr voll.",
        cancellationPolicyEn: "Up to 7 days before the tournament we refund the entry fee in full.",
        termsOfParticipation: "Jedes Team spielt auf eigene Verantwortung.",
        termsOfParticipationEn: "Every team plays at its own risk.",
        startTime: at(8),
        endTime: at(16),
        maxTeams: 12,
        maxPlayers: 10,
        gameMode: 5,
        locationName: "Tempelhofer Feld, Berlin",
        regionId: berlinId,
        participationPriceCents: 6000,
        organizerId: orga.id,
        organizationId: org?.id ?? orga.organizationId,
        whatsappGroupUrl: "https://chat.whatsapp.com/kickrunde-sommer-cup",
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      // Two registered teams: Mehmet's paid in cash, Lena's still open (she can pay it online as spieler@kickrunde.de).
      const mehmet = await findUserByEmail(tx, "mehmet@kickrunde.de");
      const lena = await findUserByEmail(tx, "spieler@kickrunde.de");
      const registered = new Date(now.getTime() - 2 * 86400_000);
      await ensureDemoTeams(tx, tournamentId, [
        ...(mehmet
          ? [{ userId: mehmet.id, teamName: "Kreuzberg Kickers", firstName: mehmet.firstName, lastName: mehmet.lastName ?? "Yılmaz", email: mehmet.email, phoneNumber: "+4915112345678", amountCents: 6000, paymentStatus: "PaidExternally" as const, paidAt: registered, createdAt: registered, updatedAt: registered }]
          : []),
        ...(lena
          ? [{ userId: lena.id, teamName: "Tempelhof United", firstName: lena.firstName, lastName: lena.lastName ?? "Schulz", email: lena.email, phoneNumber: "+4917698765432", amountCents: 6000, createdAt: now, updatedAt: now }]
          : []),
      ]);
    }
    await tx.insert(marketingMessages).values([
      {
        textDe: "Willkommen bei Kickrunde! Finde Kickrunden in Deiner Stadt, spiel mit und lade Deine Freunde ein.",
        textEn: "Welcome to Kickrunde! Find games in your city, play along and invite your friends.",
        createdAt: new Date(now.getTime() - 3 * 86400_000),
      },
      {
        textDe: "Neu: Du kannst jetzt Wartelisten beitreten und wirst benachrichtigt, sobald ein Platz frei wird.",
        textEn: "New: join waiting lists and get notified as soon as a spot opens up.",
        createdAt: now,
      },
    ]);
    return { regions: regionRows.length, users: userCount, groups: groupRows.length, organizations: org ? 1 : 0, ...played };
  });
}
