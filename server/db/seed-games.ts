import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { autoCancelAt, gameEndTime } from "@shared/rules/game-windows";
import { inArray } from "drizzle-orm";
import type { Deps } from "../context";
import { scheduleMinPlayersJobs } from "../domains/games/lifecycle";
import type { Tx } from "./client";
import { storageFor, newKey } from "../integrations/storage";
import { PITCH_COLOURS, pitchJpeg } from "./demo-court-images";
import { courtAvailabilities, courtDiscounts, courts, games, participations, regions, subCourts, users } from "./schema";

type CourtSeed = {
  region: string;
  name: string;
  alternativeNames?: string[];
  street: string;
  houseNumber?: string;
  postcode: string;
  town: string;
  state: string;
  latitude: number;
  longitude: number;
  turf: "AG" | "GR" | "TT" | "AS" | "LL";
  indoor?: boolean;
  public?: boolean;
  floodLight?: boolean | null;
  goals?: number | null;
  fencing?: "NONE" | "PARTIAL" | "FULL" | "CAGE" | null;
  /** players on the court in total (the card shows half: per side) */
  minPlayers?: number;
  maxPlayers?: number;
  /** a picture drawn at seed time (demo-court-images.ts) */
  picture?: keyof typeof PITCH_COLOURS;
  /** rentable through the app, owned by this demo account, with sub-courts, hourly prices and a discount */
  rental?: { owner: string; subCourts: string[]; availabilities: { weekdays: number[]; start: string; end: string; pricePerHourCents: number }[]; discount: { name: string; relativeAmount: number; minPriceToApplyCents: number } };
};

/** Real places where people play, with approximate coordinates. Games reference them by name (and e2e tests too). */
export const DEMO_COURTS: CourtSeed[] = [
  { region: "berlin", name: "Tempelhofer Feld Bolzplatz", alternativeNames: ["Tempelhofer Feld"], street: "Tempelhofer Damm", postcode: "12101", town: "Berlin", state: "Berlin", latitude: 52.4731, longitude: 13.4039, turf: "AG", floodLight: false, goals: 2, fencing: "PARTIAL", minPlayers: 8, maxPlayers: 16, picture: "artificial" },
  { region: "berlin", name: "Mauerpark Soccer Court", alternativeNames: ["Mauerpark Käfig"], street: "Gleimstraße", houseNumber: "55", postcode: "10437", town: "Berlin", state: "Berlin", latitude: 52.5433, longitude: 13.4027, turf: "AG", floodLight: true, goals: 2, fencing: "CAGE", minPlayers: 6, maxPlayers: 12, picture: "ash" },
  { region: "berlin", name: "Volkspark Friedrichshain Kunstrasen", street: "Danziger Straße", postcode: "10249", town: "Berlin", state: "Berlin", latitude: 52.5277, longitude: 13.4335, turf: "AG", floodLight: true, goals: 2, fencing: "FULL", minPlayers: 10, maxPlayers: 22 },
  { region: "berlin", name: "Sporthalle Moabit", street: "Stromstraße", houseNumber: "33", postcode: "10551", town: "Berlin", state: "Berlin", latitude: 52.5282, longitude: 13.3434, turf: "LL", indoor: true, public: false, floodLight: true, goals: 2, fencing: "FULL", minPlayers: 8, maxPlayers: 12 },
  {
    region: "berlin",
    name: "Soccerhalle Kreuzberg",
    alternativeNames: ["Soccer Arena Görli"],
    street: "Görlitzer Straße",
    houseNumber: "70",
    postcode: "10997",
    town: "Berlin",
    state: "Berlin",
    latitude: 52.4962,
    longitude: 13.4381,
    turf: "AG",
    indoor: true,
    public: false,
    floodLight: true,
    goals: 2,
    fencing: "CAGE",
    minPlayers: 8,
    maxPlayers: 10,
    picture: "hall",
    rental: {
      owner: "platz@kickrunde.de",
      subCourts: ["Court 1", "Court 2", "Court 3"],
      availabilities: [
        { weekdays: [0, 1, 2, 3, 4], start: "16:00", end: "18:00", pricePerHourCents: 6000 },
        { weekdays: [0, 1, 2, 3, 4], start: "18:00", end: "23:00", pricePerHourCents: 8000 },
        { weekdays: [5, 6], start: "09:00", end: "22:00", pricePerHourCents: 7000 },
      ],
      discount: { name: "Frühbucher-Rabatt", relativeAmount: 10, minPriceToApplyCents: 8000 },
    },
  },
  { region: "hamburg", name: "Planten un Blomen Bolzplatz", street: "St. Petersburger Straße", postcode: "20355", town: "Hamburg", state: "Hamburg", latitude: 53.5597, longitude: 9.9836, turf: "AG", floodLight: false, goals: 2, fencing: "PARTIAL", minPlayers: 8, maxPlayers: 14, picture: "grass" },
  { region: "hamburg", name: "Stadtpark Soccer Court", street: "Südring", postcode: "22303", town: "Hamburg", state: "Hamburg", latitude: 53.5959, longitude: 10.0241, turf: "GR", floodLight: false, goals: 2, fencing: "NONE", minPlayers: 10, maxPlayers: 22 },
  { region: "muenchen", name: "Olympiapark Kunstrasen", street: "Spiridon-Louis-Ring", postcode: "80809", town: "München", state: "Bayern", latitude: 48.1731, longitude: 11.5466, turf: "AG", floodLight: true, goals: 2, fencing: "FULL", minPlayers: 10, maxPlayers: 14 },
  { region: "muenchen", name: "Westpark Bolzplatz", street: "Westendstraße", postcode: "81377", town: "München", state: "Bayern", latitude: 48.1213, longitude: 11.5215, turf: "GR", floodLight: false, goals: 2, fencing: "NONE", minPlayers: 6, maxPlayers: 16 },
  { region: "koeln", name: "Rheinpark Kunstrasen", street: "Auenweg", postcode: "50679", town: "Köln", state: "Nordrhein-Westfalen", latitude: 50.9451, longitude: 6.9783, turf: "AG", floodLight: true, goals: 2, fencing: "FULL", minPlayers: 10, maxPlayers: 16 },
  { region: "frankfurt", name: "Ostpark Bolzplatz", street: "Ostparkstraße", postcode: "60385", town: "Frankfurt am Main", state: "Hessen", latitude: 50.1193, longitude: 8.7195, turf: "AG", floodLight: false, goals: 2, fencing: "PARTIAL", minPlayers: 8, maxPlayers: 14 },
  { region: "stuttgart", name: "Killesberg Soccer Court", street: "Stresemannstraße", postcode: "70191", town: "Stuttgart", state: "Baden-Württemberg", latitude: 48.8041, longitude: 9.1722, turf: "AG", floodLight: true, goals: 2, fencing: "CAGE", minPlayers: 6, maxPlayers: 10 },
  { region: "leipzig", name: "Clara-Zetkin-Park Bolzplatz", street: "Anton-Bruckner-Allee", postcode: "04107", town: "Leipzig", state: "Sachsen", latitude: 51.3304, longitude: 12.3589, turf: "GR", floodLight: false, goals: 2, fencing: "NONE", minPlayers: 8, maxPlayers: 20 },
  { region: "duesseldorf", name: "Rheinpark Golzheim Kunstrasen", street: "Cecilienallee", postcode: "40474", town: "Düsseldorf", state: "Nordrhein-Westfalen", latitude: 51.2483, longitude: 6.7648, turf: "AG", floodLight: true, goals: 2, fencing: "FULL", minPlayers: 10, maxPlayers: 18 },
];

const addressOf = (c: CourtSeed) => `${c.street}${c.houseNumber ? ` ${c.houseNumber}` : ""}, ${c.postcode} ${c.town}`;

/** The demo courts' pictures, drawn and stored before the transaction (a file left by a failed seed is harmless). */
async function storeDemoPictures(deps: Deps): Promise<Map<string, string>> {
  const storage = storageFor(deps.config);
  const urls = new Map<string, string>();
  for (const c of DEMO_COURTS) {
    if (!c.picture) continue;
    const key = newKey("court-images", "jpg");
    await storage.put(key, await pitchJpeg(PITCH_COLOURS[c.picture]), "image/jpeg");
    urls.set(c.name, storage.urlOf(key));
  }
  return urls;
}

type GameSeed = {
  court: string;
  creator: string;
  /** days from today (Berlin) and the local kick-off time */
  day: number;
  time: string;
  description: string;
  descriptionEn?: string;
  minPlayers?: number;
  maxPlayers?: number | null;
  players: number;
  joiners?: string[];
  level?: "ALL" | "LOW" | "MEDIUM" | "HIGH";
  gender?: "MIXED" | "MALE" | "FEMALE";
  gameType?: "PUBLIC" | "PRIVATE";
  durationMinutes?: number;
  priceCents?: number;
  title?: string;
  /** paid online when joining (spec 000 section 5: at most 6 days ahead; the creator's account takes the money) */
  isManagedPayment?: boolean;
};

const DEMO_GAMES: GameSeed[] = [
  { court: "Tempelhofer Feld Bolzplatz", creator: "orga@kickrunde.de", day: 0, time: "19:00", players: 6, joiners: ["spieler@kickrunde.de", "mehmet@kickrunde.de"], minPlayers: 8, maxPlayers: 14, description: "Feierabendkick auf dem Feld. Alle Levels willkommen, wir mischen die Teams vor Ort.", descriptionEn: "After-work kick on the field. All levels welcome, we mix the teams on site." },
  { court: "Mauerpark Soccer Court", creator: "spieler@kickrunde.de", day: 1, time: "18:30", players: 3, minPlayers: 8, maxPlayers: 10, level: "MEDIUM", description: "5 gegen 5 im Käfig. Bitte pünktlich sein!" },
  { court: "Volkspark Friedrichshain Kunstrasen", creator: "admin@kickrunde.de", day: 2, time: "17:00", players: 8, joiners: ["mehmet@kickrunde.de"], maxPlayers: 16, gender: "FEMALE", description: "Frauenkick im Volkspark – Anfängerinnen ausdrücklich willkommen." , descriptionEn: "Women's kick in the park – beginners very welcome." },
  { court: "Sporthalle Moabit", creator: "orga@kickrunde.de", day: 4, time: "20:00", players: 9, maxPlayers: 12, level: "HIGH", priceCents: 500, durationMinutes: 90, description: "Hallenkick mit Schiri-Pfeife. Hallenschuhe Pflicht, 5 € für die Halle (bar vor Ort).", title: "Hallenkick Moabit" },
  { court: "Tempelhofer Feld Bolzplatz", creator: "mehmet@kickrunde.de", day: 6, time: "11:00", players: 2, minPlayers: 10, description: "Sonntagskick am Vormittag, Ball ist da." },
  { court: "Mauerpark Soccer Court", creator: "orga@kickrunde.de", day: 9, time: "19:00", players: 5, maxPlayers: 14, description: "Mittwochsrunde im Mauerpark." },
  // Managed payment: joining asks for the card (the demo organiser's connected account acct_demo_orga receives it).
  { court: "Tempelhofer Feld Bolzplatz", creator: "orga@kickrunde.de", day: 3, time: "19:30", players: 2, minPlayers: 8, maxPlayers: 12, level: "MEDIUM", priceCents: 600, isManagedPayment: true, title: "Kunstrasen-Kick mit Online-Zahlung", description: "6 € pro Platz, online bezahlt beim Mitspielen. Die Karte wird erst beim Anpfiff belastet; fällt die Runde aus, bekommst Du alles zurück.", descriptionEn: "6 € per place, paid online when you join. Your card is charged at kick-off; if the game is cancelled you get everything back." },
  { court: "Volkspark Friedrichshain Kunstrasen", creator: "spieler@kickrunde.de", day: 15, time: "18:00", players: 4, description: "Lockere Runde, auch für Wiedereinsteiger." },
  { court: "Planten un Blomen Bolzplatz", creator: "sophie@kickrunde.de", day: 0, time: "18:00", players: 7, maxPlayers: 12, description: "Kick im Park direkt an den Messehallen." },
  { court: "Stadtpark Soccer Court", creator: "sophie@kickrunde.de", day: 3, time: "19:30", players: 4, description: "Wiese, zwei Tore, gute Laune." },
  { court: "Olympiapark Kunstrasen", creator: "lukas@kickrunde.de", day: 1, time: "19:00", players: 6, maxPlayers: 12, level: "MEDIUM", description: "Kunstrasen am Olympiaberg, 6 gegen 6." },
  { court: "Westpark Bolzplatz", creator: "lukas@kickrunde.de", day: 8, time: "10:30", players: 3, description: "Samstagsrunde im Westpark." },
  { court: "Rheinpark Kunstrasen", creator: "emma@kickrunde.de", day: 2, time: "18:00", players: 8, maxPlayers: 14, description: "Kicken mit Domblick. Leibchen bringe ich mit." },
  { court: "Ostpark Bolzplatz", creator: "orga@kickrunde.de", day: 5, time: "16:00", players: 5, description: "Frankfurter Feierabendkick." },
  { court: "Killesberg Soccer Court", creator: "admin@kickrunde.de", day: 3, time: "18:30", players: 4, description: "Kick am Killesberg." },
  { court: "Clara-Zetkin-Park Bolzplatz", creator: "noah@kickrunde.de", day: 1, time: "17:30", players: 5, descriptionEn: "Casual game in the park, English speakers welcome.", description: "Lockeres Spiel im Park, auch auf Englisch." },
  { court: "Rheinpark Golzheim Kunstrasen", creator: "emma@kickrunde.de", day: 10, time: "19:00", players: 3, description: "Kunstrasen am Rhein." },
];

/** Kick-off in about 20 minutes (rounded to 5): the demo of a game that can no longer be edited. */
function soonStart(now: Date): Date {
  const t = new Date(now.getTime() + 20 * 60_000);
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(Math.ceil(t.getUTCMinutes() / 5) * 5);
  return t;
}

export async function seedDemoGames(deps: Deps, tx: Tx): Promise<{ courts: number; games: number }> {
  const now = deps.clock.now();
  // Demo games count as created a while ago, so the demo organisers are not held by the creation limits.
  const createdAt = new Date(now.getTime() - 8 * 24 * 3600_000);
  const regionRows = await tx.select({ id: regions.id, slug: regions.slug }).from(regions);
  const regionId = new Map(regionRows.map((r) => [r.slug, r.id]));
  const pictures = await storeDemoPictures(deps);
  const ownerEmails = DEMO_COURTS.flatMap((c) => (c.rental ? [c.rental.owner] : []));
  const owners = ownerEmails.length ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ownerEmails)) : [];
  const ownerId = new Map(owners.map((u) => [u.email, u.id]));
  const seededCourts = DEMO_COURTS.filter((c) => regionId.has(c.region));
  const courtRows = await tx
    .insert(courts)
    .values(
      seededCourts.map((c) => ({
        name: c.name,
        alternativeNames: c.alternativeNames ?? [],
        address: addressOf(c),
        street: c.street,
        houseNumber: c.houseNumber ?? null,
        postcode: c.postcode,
        town: c.town,
        state: c.state,
        latitude: c.latitude,
        longitude: c.longitude,
        regionId: regionId.get(c.region)!,
        turf: c.turf,
        indoor: c.indoor ?? false,
        public: c.public ?? true,
        floodLight: c.floodLight ?? null,
        goals: c.goals ?? null,
        fencing: c.fencing ?? null,
        minPlayers: c.minPlayers ?? null,
        maxPlayers: c.maxPlayers ?? null,
        imageUrl: pictures.get(c.name) ?? null,
        rentable: Boolean(c.rental && ownerId.has(c.rental.owner)),
        ownerId: c.rental ? (ownerId.get(c.rental.owner) ?? null) : null,
        createdAt: now,
      })),
    )
    .returning({ id: courts.id, name: courts.name, regionId: courts.regionId });
  for (const c of seededCourts) {
    const id = courtRows.find((r) => r.name === c.name)?.id;
    if (!c.rental || id === undefined || !ownerId.has(c.rental.owner)) continue;
    await tx.insert(subCourts).values(c.rental.subCourts.map((name) => ({ courtId: id, name })));
    await tx.insert(courtAvailabilities).values(
      c.rental.availabilities.flatMap((a) => a.weekdays.map((weekday) => ({ courtId: id, weekday, startTime: a.start, endTime: a.end, pricePerHourCents: a.pricePerHourCents }))),
    );
    await tx.insert(courtDiscounts).values({ courtId: id, ...c.rental.discount, validUntil: new Date(now.getTime() + 90 * 24 * 3600_000) });
  }
  const courtByName = new Map(courtRows.map((c) => [c.name, c]));
  const emails = [...new Set(DEMO_GAMES.flatMap((g) => [g.creator, ...(g.joiners ?? [])]))];
  const userRows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const userId = new Map(userRows.map((u) => [u.email, u.id]));

  const today = berlinDay(now);
  const seeds: (GameSeed & { start: Date })[] = DEMO_GAMES.map((g) => ({ ...g, start: berlinDateTimeToInstant(addBerlinDays(today, g.day), g.time) }))
    // A game of today whose time has passed moves to next week, and so does one the minimum-players check would
    // cancel at once (seeded within the hour before its start without enough players): the demo is the same at any hour.
    .map((g) => (g.start <= now || (autoCancelAt(g.start) <= now && g.players + (g.joiners?.length ?? 0) < (g.minPlayers ?? 10))
      ? { ...g, start: berlinDateTimeToInstant(addBerlinDays(today, g.day + 7), g.time) }
      : g));
  seeds.push({
    court: "Mauerpark Soccer Court",
    creator: "orga@kickrunde.de",
    day: 0,
    time: "",
    start: soonStart(now),
    players: 9,
    minPlayers: 8,
    maxPlayers: 12,
    description: "Gleich geht's los! Wer kurzfristig kann, kommt einfach vorbei.",
  });

  // A game that started two hours ago: the organiser sees the rating prompt, players can report.
  const past = soonStart(new Date(now.getTime() - 140 * 60_000));
  seeds.push({
    court: "Volkspark Friedrichshain Kunstrasen",
    creator: "orga@kickrunde.de",
    day: 0,
    time: "",
    start: past,
    players: 2,
    joiners: ["spieler@kickrunde.de", "mehmet@kickrunde.de"],
    minPlayers: 4,
    maxPlayers: 10,
    description: "Frühkick – schon gespielt. Bewerte jetzt, wer da war!",
    descriptionEn: "Early kick – already played. Rate who came!",
  });

  let count = 0;
  for (const g of seeds) {
    const court = courtByName.get(g.court);
    const creatorId = userId.get(g.creator);
    if (!court || !creatorId || court.regionId === null) continue;
    const durationMinutes = g.durationMinutes ?? 60;
    const [game] = await tx
      .insert(games)
      .values({
        creatorId,
        regionId: court.regionId,
        courtId: court.id,
        title: g.title ?? null,
        description: g.description,
        descriptionEn: g.descriptionEn ?? null,
        gameType: g.gameType ?? "PUBLIC",
        level: g.level ?? "ALL",
        gender: g.gender ?? "MIXED",
        priceCents: g.priceCents ?? 0,
        isManagedPayment: g.isManagedPayment ?? false,
        startTime: g.start,
        durationMinutes,
        endTime: gameEndTime(g.start, durationMinutes),
        minPlayers: g.minPlayers ?? 10,
        maxPlayers: g.maxPlayers ?? null,
        highestParticipantsAmountReached: g.players + (g.joiners?.length ?? 0),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: games.id });
    await tx.insert(participations).values([
      { gameId: game!.id, userId: creatorId, playerCount: g.players, createdAt: now },
      ...(g.joiners ?? []).flatMap((email) => {
        const id = userId.get(email);
        return id ? [{ gameId: game!.id, userId: id, playerCount: 1, createdAt: now }] : [];
      }),
    ]);
    await scheduleMinPlayersJobs(deps, tx, { id: game!.id, startTime: g.start });
    count++;
  }
  return { courts: courtRows.length, games: count };
}
