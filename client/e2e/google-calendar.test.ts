import { describe, expect } from "bun:test";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * The Google Calendar link of issue 15 (spec 001 sections 2.5, 4, 7): the demo court owner
 * platz@kickrunde.de connects Google through the in-process emulator's consent page, picks the demo
 * calendar "Hallenbelegung Soccerhalle" for her "Soccerhalle Kreuzberg", imports, and the calendar's
 * events occupy the court (the owner calendar's data, bookings.calendar); then she removes the link.
 */
const h = useHarness();

const OWNER = "platz@kickrunde.de";
const COURT_NAME = "Soccerhalle Kreuzberg";
const DEMO_CALENDAR = "Hallenbelegung Soccerhalle";

type OwnerCalendar = {
  courts: { id: number; name: string; subCourts: { id: number; name: string }[] }[];
  entries: { kind: string; title: string; startTime: Date; endTime: Date; subCourtId: number | null }[];
};

describe("Google Calendar (issue 15)", () => {
  test(
    "the owner connects Google, links the demo calendar to the Soccerhalle, imports, sees the events as occupied and removes the link",
    async () => {
      const context = await h.newContext();
      await signIn(context, OWNER);
      const page = await context.newPage();
      await page.goto("/profile");
      const section = page.getByTestId("calendar-integration");
      await section.getByRole("heading", { name: "Kalender-Integration" }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot(page, "google-calendar-1-not-connected");

      // Off to Google's consent page (the emulator's), and back.
      await section.getByRole("button", { name: "Mit Google verbinden" }).click();
      await page.waitForURL((url) => url.pathname === "/o/oauth2/v2/auth");
      await page.getByText("Kickrunde wants to access your Google Account").waitFor();
      await shot(page, "google-calendar-2-consent");
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL((url) => url.origin === h.baseUrl && url.pathname === "/profile");
      await section.getByText("Dein Google Konto ist jetzt verbunden.").waitFor();
      await section.getByText("Google Kalender verbunden").waitFor();
      // ?google=connected leaves the address
      await page.waitForURL((url) => !url.searchParams.has("google"));

      // Link the demo calendar to the Soccerhalle.
      const court = section.locator("li").filter({ hasText: COURT_NAME });
      const select = court.getByLabel(`Kalender für ${COURT_NAME}`);
      await select.waitFor();
      await court.scrollIntoViewIfNeeded();
      await shot(page, "google-calendar-2b-choose");
      await select.selectOption({ label: DEMO_CALENDAR });
      await court.getByRole("button", { name: "Kalender speichern" }).click();
      await court.getByTestId("linked-calendar").filter({ hasText: DEMO_CALENDAR }).waitFor();

      // Import now: the import's result, and the court's count of upcoming events.
      await section.getByRole("button", { name: "Jetzt importieren" }).click();
      await section.getByTestId("calendar-import-result").filter({ hasText: "Import abgeschlossen" }).waitFor();
      await court.getByText("4 kommende Termine importiert").waitFor();
      await section.getByText(/Zuletzt importiert:/).waitFor();
      await court.scrollIntoViewIfNeeded();
      await shot(page, "google-calendar-3-imported");

      // The events occupy every sub-court of the court; the free ("transparent") one does not.
      const from = berlinDateTimeToInstant(berlinDay(new Date()), "00:00");
      const cal = await trpcCall<OwnerCalendar>(context, "query", "bookings.calendar", { from, to: new Date(from.getTime() + 7 * 24 * 3600_000) });
      const soccerhalle = cal.courts.find((c) => c.name === COURT_NAME)!;
      const external = cal.entries.filter((e) => e.kind === "external");
      expect([...new Set(external.map((e) => e.title))].sort()).toEqual(["Firmenturnier Nord", "Hallenpflege", "Jugendtraining", "Training FC Kreuzberg"]);
      const training = external.filter((e) => e.title === "Training FC Kreuzberg");
      expect(training.map((e) => e.subCourtId).sort()).toEqual(soccerhalle.subCourts.map((s) => s.id).sort());
      expect(training[0]!.startTime).toEqual(berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), 1), "18:00"));
      // The all-day event occupies its whole Berlin day.
      const pflege = external.find((e) => e.title === "Hallenpflege")!;
      expect(pflege.startTime).toEqual(berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), 4), "00:00"));
      expect(pflege.endTime).toEqual(berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), 5), "00:00"));

      // The account says it is linked (googleCredentials, spec 001 section 3).
      const status = await trpcCall<{ googleCredentials: { broken: boolean } | null }>(context, "query", "calendar.status");
      expect(status.googleCredentials?.broken).toBe(false);

      // Remove the link: the imported events go with it.
      await court.getByRole("button", { name: "Verknüpfung entfernen" }).click();
      await court.getByText("Kein Kalender verknüpft").waitFor();
      const after = await trpcCall<OwnerCalendar>(context, "query", "bookings.calendar", { from, to: new Date(from.getTime() + 7 * 24 * 3600_000) });
      expect(after.entries.filter((e) => e.kind === "external")).toEqual([]);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
