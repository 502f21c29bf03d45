import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import type { z } from "zod";
import type { ZUnreadCount } from "@shared/schemas/chat";
import type { TRegisterTeamResult } from "@shared/schemas/tournament-teams";
import { E2E_TIMEOUT, eventually, publishedTournament, shot, signIn, trpcCall, uniqueEmail, useHarness, test } from "./harness";

const h = useHarness();

/** A team of a new player (signed in on its own context by registering), paid in cash as the organiser records it. */
async function paidTeam(tournamentId: number, organiser: BrowserContext): Promise<BrowserContext> {
  const context = await h.newContext();
  const result = await trpcCall<TRegisterTeamResult>(context, "mutation", "tournaments.register", {
    tournamentId,
    teamName: `Kanal FC ${Math.floor(Math.random() * 1e6)}`,
    firstName: "Mara",
    lastName: "Kanal",
    email: uniqueEmail("channel"),
    phoneNumber: "0151 23456789",
  });
  await trpcCall(organiser, "mutation", "tournaments.markPaid", { participationId: result.participation.id });
  return context;
}

const unreadNews = async (context: BrowserContext, tournamentId: number) =>
  (await trpcCall<z.infer<typeof ZUnreadCount>>(context, "query", "chat.unreadCount")).tournamentChannels.find((c) => c.tournamentId === tournamentId)?.unreadCount;

async function toEnglish(page: Page) {
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await page.getByRole("dialog", { name: "Menü" }).getByRole("button", { name: "English" }).click();
  await page.keyboard.press("Escape");
}

describe("tournament channel", () => {
  test(
    "the organiser posts; a paid team's user sees it unread, then read (the Chat badge goes down); an outsider reads 'Fehlende Berechtigung.'",
    async () => {
      const { id, organiser } = await publishedTournament(h, "Kanal-Cup E2E", { participationPriceCents: 5000, pricePerPlayer: false });
      const team = await paidTeam(id, organiser);

      // The organiser: the tournament's name, the hint before the tap, send disabled while empty.
      const orgPage = await organiser.newPage();
      await orgPage.goto(`/tournament/${id}`);
      await orgPage.getByTestId("tournament-channel-link").click();
      await orgPage.waitForURL((url) => url.pathname === `/tournament/${id}/channel`);
      await orgPage.getByRole("heading", { name: "Kanal-Cup E2E" }).waitFor();
      await orgPage.getByText("Informiere die Teilnehmer spätestens einen Tag vor dem Turnier.").waitFor();
      await orgPage.getByText("Noch keine Neuigkeiten. Schreib den Teams die erste Nachricht.").waitFor();
      const send = orgPage.getByRole("button", { name: "Senden" });
      expect(await send.isDisabled()).toBe(true);
      await orgPage.getByLabel("Nachricht an die Teams").fill("   ");
      expect(await send.isDisabled()).toBe(true);
      await orgPage.getByLabel("Nachricht an die Teams").fill("Anpfiff ist um 9 Uhr, bitte seid um 8:30 Uhr da.");
      await shot(orgPage, "tournament-channel-compose-de");
      await send.click();
      await orgPage.getByText("Nachricht gesendet. Die Teams werden benachrichtigt.").waitFor();
      const posted = orgPage.getByTestId("channel-message");
      await posted.getByText("Anpfiff ist um 9 Uhr, bitte seid um 8:30 Uhr da.").waitFor();
      expect(await orgPage.getByLabel("Nachricht an die Teams").inputValue()).toBe("");
      await shot(orgPage, "tournament-channel-organiser-de", { full: true });

      // The paid team's user: one unread message counted in the Chat badge, shown as new on the channel, then read.
      expect(await unreadNews(team, id)).toBe(1);
      const teamPage = await team.newPage();
      await teamPage.goto(`/tournament/${id}`);
      const link = teamPage.getByTestId("tournament-channel-link");
      await link.getByLabel("1 neu").waitFor();
      await teamPage.getByRole("link", { name: "Chat, 1 ungelesen" }).waitFor();
      await link.scrollIntoViewIfNeeded();
      await shot(teamPage, "tournament-channel-link-de");
      await link.click();
      await teamPage.waitForURL((url) => url.pathname === `/tournament/${id}/channel`);
      const message = teamPage.getByTestId("channel-message").filter({ hasText: "Anpfiff ist um 9 Uhr" });
      await message.getByText("Neu", { exact: true }).waitFor();
      expect(await teamPage.getByLabel("Nachricht an die Teams").count()).toBe(0);
      await shot(teamPage, "tournament-channel-team-unread-de");
      await eventually(async () => (await unreadNews(team, id)) === 0);
      await teamPage.getByRole("link", { name: "Chat", exact: true }).waitFor();
      // Back again: nothing new any more.
      await teamPage.reload();
      await message.waitFor();
      expect(await message.getAttribute("data-read")).toBe("true");
      expect(await message.getByText("Neu", { exact: true }).count()).toBe(0);

      // The chat's Sessions tab lists the channel.
      await teamPage.goto("/chat?tab=sessions");
      await teamPage.getByRole("heading", { name: "Turnierkanäle" }).waitFor();
      await teamPage.getByRole("link", { name: /Kanal-Cup E2E/ }).waitFor();
      await shot(teamPage, "tournament-channel-chat-list-de");

      // Somebody without a paid team: no link on the page, the refusal on the channel.
      const outsider = await h.newContext();
      await signIn(outsider, "noah@kickrunde.de");
      const outsiderPage = await outsider.newPage();
      await outsiderPage.goto(`/tournament/${id}`);
      await outsiderPage.getByRole("heading", { name: "Kanal-Cup E2E" }).first().waitFor();
      expect(await outsiderPage.getByTestId("tournament-channel-link").count()).toBe(0);
      await outsiderPage.goto(`/tournament/${id}/channel`);
      await outsiderPage.getByRole("heading", { name: "Fehlende Berechtigung." }).waitFor();
      await shot(outsiderPage, "tournament-channel-forbidden-de");

      // English: the organiser's screen and the refusal.
      await toEnglish(orgPage);
      await orgPage.getByText("Inform the participants at the latest one day before the tournament.").waitFor();
      await orgPage.getByRole("button", { name: "Send" }).waitFor();
      await shot(orgPage, "tournament-channel-organiser-en", { full: true });
      await toEnglish(outsiderPage);
      await outsiderPage.getByRole("heading", { name: "Missing permission." }).waitFor();
      await shot(outsiderPage, "tournament-channel-forbidden-en");
    },
    E2E_TIMEOUT,
  );
});
