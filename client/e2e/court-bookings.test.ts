import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { addBerlinDays, berlinDateTimeToInstant, weekdayOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

/**
 * Renting a court in the client (issue 15, spec 001 sections 2.2, 2.8): the court page's 'Platz mieten'
 * with the discounted price, the request, the owner's accept from the notification's link
 * (?action=accept) with the sub-court choice, paying on the local Stripe emulator's page and the
 * booking shown as 'Gebucht'; both lists; a conflicting accept; declining by ?action=decline;
 * withdrawing a request; the signed-out, empty and failing states.
 */

const COURT = "Soccerhalle Kreuzberg";
type RegionCourts = { courts: { id: number; name: string }[] };
type Booking = { id: number; status: string };

/** The first weekday (Mon–Fri, evening price 80 €/h) at least two days ahead, so the 19:00 slot is in the future and discounted. */
function bookingDay(): string {
  const today = berlinDay(new Date());
  for (let i = 2; i < 14; i++) {
    const day = addBerlinDays(today, i);
    if (weekdayOfDay(day) <= 5) return day;
  }
  throw new Error("no weekday ahead");
}

/** The day chip's accessible name, as the screen writes it ("Mittwoch, 25. November 2026"). */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("de-DE", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(`${day}T12:00:00Z`));
}

async function courtId(context: BrowserContext): Promise<number> {
  const { courts } = await trpcCall<RegionCourts>(context, "query", "courts.ofRegion", { regionSlug: "berlin" });
  const court = courts.find((c) => c.name === COURT);
  if (!court) throw new Error(`${COURT} is missing`);
  return court.id;
}

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.newContext();
  await signIn(context, email);
  return { context, page: await context.newPage() };
}

async function status(page: Page): Promise<string | null> {
  return page.getByTestId("booking-status").first().textContent();
}

const DAY = bookingDay();

describe("renting a court", () => {
  test(
    "a player requests 90 minutes with the discount, the owner accepts on Court 2, the player pays and sees it booked; both lists show it",
    async () => {
      const player = await signedIn("spieler@kickrunde.de");
      const owner = await signedIn("platz@kickrunde.de");
      const id = await courtId(player.context);

      // the court page: 'Platz mieten'
      const page = player.page;
      await page.goto(`/court/${id}`);
      const rent = page.getByTestId("rent-court");
      await rent.getByRole("heading", { name: "Platz mieten" }).waitFor();
      await rent.getByText("Frühbucher-Rabatt: −10 % ab 80,00 €").waitFor();
      await rent.getByRole("radio", { name: dayLabel(DAY) }).click();
      expect(await rent.getByRole("radio", { name: "90 Min." }).getAttribute("aria-checked")).toBe("true");
      await rent.getByRole("radio", { name: "19:00" }).click();
      const price = rent.getByTestId("rent-price");
      await price.getByText("108,00\u00a0€").waitFor();
      await price.getByText("120,00\u00a0€").waitFor();
      await price.getByText("Frühbucher-Rabatt −10 %").waitFor();
      expect(await price.textContent()).toContain("19:00–20:30");
      await rent.scrollIntoViewIfNeeded();
      await rent.getByRole("button", { name: "Anfrage senden" }).scrollIntoViewIfNeeded();
      await shot(page, "book-court-rent");

      await rent.getByRole("button", { name: "Anfrage senden" }).click();
      await page.waitForURL(/\/court-booking\/\d+$/);
      const bookingId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByTestId("booking-explainer").waitFor();
      expect(await status(page)).toBe("Angefragt");
      await page.getByTestId("booking-discount").getByText("Frühbucher-Rabatt (−10 %)").waitFor();
      expect(await page.getByTestId("booking-total").textContent()).toContain("108,00");
      expect(await page.getByTestId("booking-earning").count()).toBe(0);
      await shot(page, "book-requested", { full: true });

      // the owner follows the notification's link: the accept step opens, nothing is sent yet
      const ownerPage = owner.page;
      await ownerPage.goto(`/court-booking/${bookingId}?action=accept`);
      const accept = ownerPage.getByRole("dialog", { name: "Anfrage annehmen" });
      await accept.waitFor();
      expect(new URL(ownerPage.url()).search).toBe("");
      expect((await trpcCall<Booking>(owner.context, "query", "bookings.get", { id: bookingId })).status).toBe("RE");
      await accept.getByRole("button", { name: "Annehmen" }).click();
      await accept.getByText("Bitte wähle zuerst einen Platz aus.").waitFor();
      await accept.getByRole("radio", { name: "Court 2" }).click();
      await shot(ownerPage, "book-owner-accept");
      await accept.getByRole("button", { name: "Annehmen" }).click();
      await accept.waitFor({ state: "detached" });
      await ownerPage.getByTestId("booking-status").getByText("Zahlung notwendig").waitFor();
      await ownerPage.getByText("Court 2").waitFor();
      expect(await ownerPage.getByTestId("booking-earning").textContent()).toContain("86,40");
      await shot(ownerPage, "book-owner-accepted", { full: true });

      // a return that claims success before the payment exists: asked a few times, then "being checked" with a refresh
      await page.goto(`/court-booking/${bookingId}?payment_intent=pi_unpaid&redirect_status=succeeded`);
      const checking = page.getByTestId("payment-being-checked");
      await checking.getByText("Zahlung wird geprüft").waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).search).toBe("");
      expect(await status(page)).toBe("Zahlung notwendig");
      await shot(page, "book-payment-checking");

      // the player pays on the emulator's checkout page and comes back to the booking
      await page.reload();
      await page.getByTestId("booking-status").getByText("Zahlung notwendig").waitFor();
      await page.getByRole("button", { name: "108,00\u00a0€ bezahlen" }).click();
      const pay = page.getByRole("dialog", { name: "Platz bezahlen" });
      await pay.getByText(/Zahlung bis/).waitFor();
      await shot(page, "book-pay-dialog");
      await pay.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/checkout/"));
      await page.getByRole("button", { name: "Erfolgreich bezahlen" }).click();
      await page.waitForURL((url) => url.pathname === `/court-booking/${bookingId}`);
      await page.getByTestId("booking-status").getByText("Gebucht").waitFor();
      expect(new URL(page.url()).search).toBe("");
      await page.getByText("Gebucht und bezahlt – viel Spaß auf dem Platz!").waitFor();
      await shot(page, "book-booked", { full: true });
      expect((await trpcCall<Booking>(player.context, "query", "bookings.get", { id: bookingId })).status).toBe("BO");

      // 'Buchungen - Plätze' for the player, from the burger menu
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Meine Buchungen" }).click();
      await page.waitForURL((url) => url.pathname === "/court-bookings");
      await page.getByRole("heading", { name: "Buchungen - Plätze" }).waitFor();
      const card = page.getByTestId("booking-card").filter({ hasText: COURT }).first();
      await card.getByText("Gebucht").waitFor();
      await card.getByText("108,00\u00a0€").waitFor();
      expect(await page.getByRole("link", { name: /Vermietungen - Plätze/ }).count()).toBe(0);
      await shot(page, "book-list-customer");

      // 'Vermietungen - Plätze' for the owner, linked from the customer list
      await ownerPage.goto("/court-bookings");
      await ownerPage.getByRole("link", { name: /Vermietungen - Plätze/ }).click();
      await ownerPage.waitForURL((url) => url.pathname === "/court-bookings/rent");
      const rental = ownerPage.getByTestId("booking-card").filter({ hasText: "Gebucht" }).first();
      await rental.getByText("86,40\u00a0€").waitFor();
      await rental.getByText(/Mieter: /).waitFor();
      await shot(ownerPage, "book-list-owner");

      // a second player's request for the same time, accepted on the same sub-court: taken
      const second = await signedIn("mehmet@kickrunde.de");
      const other = await trpcCall<Booking>(second.context, "mutation", "bookings.create", { courtId: id, startTime: berlinDateTimeToInstant(DAY, "19:00"), duration: 90 });
      await ownerPage.goto(`/court-booking/${other.id}?action=accept`);
      const acceptOther = ownerPage.getByRole("dialog", { name: "Anfrage annehmen" });
      await acceptOther.getByRole("radio", { name: "Court 2" }).click();
      await acceptOther.getByRole("button", { name: "Annehmen" }).click();
      await acceptOther.getByText("Der gewählte Platz scheint bereits belegt zu sein...").waitFor();
      await shot(ownerPage, "book-owner-taken");
      await acceptOther.getByRole("button", { name: "Zurück" }).click();
      expect(await status(ownerPage)).toBe("Angefragt");

      // declining by the notification's ?action=decline: asks first, acts once on the click
      await ownerPage.goto(`/court-booking/${other.id}?action=decline`);
      const decline = ownerPage.getByRole("dialog", { name: "Anfrage ablehnen?" });
      await decline.waitFor();
      expect(new URL(ownerPage.url()).search).toBe("");
      expect((await trpcCall<Booking>(owner.context, "query", "bookings.get", { id: other.id })).status).toBe("RE");
      await shot(ownerPage, "book-owner-decline");
      await decline.getByRole("button", { name: "Ja, ablehnen" }).click();
      await ownerPage.getByTestId("booking-status").getByText("Abgelehnt").waitFor();
      await shot(ownerPage, "book-owner-declined");
      // the same link again does nothing but say so
      await ownerPage.goto(`/court-booking/${other.id}?action=decline`);
      await ownerPage.getByText("Diese Anfrage wurde bereits beantwortet.").waitFor();
      expect(await ownerPage.getByRole("dialog").count()).toBe(0);

      await Promise.all([player.context.close(), owner.context.close(), second.context.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a player withdraws a request after confirming",
    async () => {
      const player = await signedIn("sophie@kickrunde.de");
      const id = await courtId(player.context);
      const booking = await trpcCall<Booking>(player.context, "mutation", "bookings.create", { courtId: id, startTime: berlinDateTimeToInstant(DAY, "21:00"), duration: 60 });
      const page = player.page;
      await page.goto(`/court-booking/${booking.id}`);
      await page.getByRole("button", { name: "Anfrage zurückziehen" }).click();
      const dialog = page.getByRole("dialog", { name: "Buchung stornieren?" });
      await dialog.getByText("Deine Anfrage wird zurückgezogen. Es entstehen keine Kosten.").waitFor();
      await shot(page, "book-withdraw");
      await dialog.getByRole("button", { name: "Ja, stornieren" }).click();
      await page.getByTestId("booking-status").getByText("Storniert").waitFor();
      expect(await page.getByRole("button", { name: "Anfrage zurückziehen" }).count()).toBe(0);
      await shot(page, "book-withdrawn");
      await player.context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "signed out: the court page and the list ask to sign in; a user without bookings sees the empty list; a failing list retries in place",
    async () => {
      const guest = await h.newContext();
      const page = await guest.newPage();
      const id = await courtId(guest);
      await page.goto(`/court/${id}`);
      const rent = page.getByTestId("rent-court");
      await rent.getByText("Melde Dich an, um diesen Platz zu mieten.").waitFor();
      await rent.getByRole("link", { name: "Anmelden" }).scrollIntoViewIfNeeded();
      await shot(page, "book-court-signed-out");
      await rent.getByRole("link", { name: "Anmelden" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/court/${id}`);

      await page.goto("/court-bookings");
      await page.getByText("Melde Dich an, um Deine Platzbuchungen zu sehen.").waitFor();
      await shot(page, "book-list-signed-out");
      await guest.close();

      const fresh = await signedIn("noah@kickrunde.de");
      await fresh.page.goto("/court-bookings");
      await fresh.page.getByText("Keine Buchungen gefunden.").waitFor();
      await shot(fresh.page, "book-list-empty");

      let fail = true;
      await fresh.page.route((url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("bookings.list"), (route) => (fail ? route.fulfill({ status: 500, body: "oops" }) : route.fallback()));
      await fresh.page.reload();
      await fresh.page.getByText("Buchungen konnten nicht geladen werden").waitFor({ timeout: 20_000 });
      await shot(fresh.page, "book-list-error");
      fail = false;
      await fresh.page.getByRole("button", { name: "Erneut versuchen" }).click();
      await fresh.page.getByText("Keine Buchungen gefunden.").waitFor();
      await fresh.context.close();
    },
    E2E_TIMEOUT,
  );
});
