import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import type { TPlanMatch, TPlanPage } from "@shared/schemas/tournament-plans";
import type { TTournament } from "@shared/schemas/tournaments";
import { daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, uniqueEmail, useHarness, test } from "./harness";

/**
 * A tournament's own plan (issue 29) at 390 px: the organiser generates it, enters results on the phone with the
 * steppers, a spectator's second browser sees the table and the knock-out move live (server-sent events, no reload);
 * a save over somebody else's is a conflict, a level knock-out needs its winner.
 */

const h = useHarness();

const TEAMS = ["Rote Falken", "Blaue Jungs", "Kiez Kickers", "Bolzplatz 04", "Grün-Weiß Süd", "Tor Tigers"];

async function tournamentWithTeams(name: string, organiser: BrowserContext, teams: string[]): Promise<number> {
  await signIn(organiser, "orga@kickrunde.de");
  const created = await trpcCall<TTournament>(organiser, "mutation", "tournaments.create", {
    name,
    startTime: daysAhead(12, 9),
    endTime: daysAhead(12, 17),
    locationName: "Sportpark Nord",
    maxTeams: 8,
  });
  await trpcCall(organiser, "mutation", "tournaments.publish", { tournamentId: created.id });
  // one person registers every team (a free tournament: a team holds its place at once)
  const registrar = await h.newContext();
  const email = uniqueEmail("plan");
  for (const teamName of teams)
    await trpcCall(registrar, "mutation", "tournaments.register", { tournamentId: created.id, teamName, firstName: "Pia", lastName: "Plan", email, phoneNumber: "0151 23456789" });
  await registrar.close();
  return created.id;
}

const planOf = (context: BrowserContext, tournamentId: number) => trpcCall<TPlanPage>(context, "query", "tournaments.plan", { tournamentId });
const nameOf = (page: TPlanPage, teamId: number | null) => page.plan!.teams.find((t) => t.id === teamId)!.name;

async function enter(context: BrowserContext, match: TPlanMatch, homeGoals: number, awayGoals: number, winner: "home" | "away" | null = null) {
  return trpcCall<TPlanPage>(context, "mutation", "tournaments.enterResult", { matchId: match.id, homeGoals, awayGoals, winner, version: match.version });
}

/** Taps "+" on a side's stepper n times (each tap waits for the number it shows). */
async function addGoals(page: Page, side: "home" | "away", n: number) {
  const stepper = page.getByTestId(`score-${side}`);
  for (let i = 1; i <= n; i++) {
    await stepper.getByRole("button", { name: /\+|erhöhen|increase/i }).click();
    await stepper.locator("output", { hasText: new RegExp(`^${i}$`) }).waitFor();
  }
}

describe("tournament plan", () => {
  test(
    "the organiser generates groups + knock-out, enters results; a spectator sees table and bracket update live (de)",
    async () => {
      const organiser = await h.newContext();
      const id = await tournamentWithTeams("Spielplan-Cup E2E", organiser, TEAMS);
      const org = await organiser.newPage();
      await org.goto(`/tournament/${id}/plan`);

      // The form: groups + knock-out, two groups of three, two pitches.
      const form = org.getByTestId("plan-form");
      await form.getByRole("heading", { name: "Spielplan erstellen" }).waitFor();
      await form.getByText("Aus 6 angemeldeten Teams entstehen Spiele, Zeiten und Plätze", { exact: false }).waitFor();
      await form.getByRole("radio", { name: "Gruppen + K.-o." }).click();
      await shot(org, "tournament-plan-form-de", { full: true });
      await form.getByRole("button", { name: "Spielplan erstellen" }).click();
      await org.getByText("Spielplan erstellt.").waitFor();
      await org.getByText("6 Teams · 9 Spiele · 2 Felder").waitFor();
      await shot(org, "tournament-plan-matches-de", { full: true });

      // A spectator (not signed in) on the tables.
      const spectatorContext = await h.newContext();
      const spectator = await spectatorContext.newPage();
      await spectator.goto(`/tournament/${id}/plan`);
      await spectator.getByRole("tab", { name: "Tabellen" }).click();
      await spectator.getByTestId("table-A").waitFor();
      expect(await spectator.getByRole("button", { name: "Ergebnis eintragen" }).count()).toBe(0);

      // The organiser enters 3:1 for the first match of group A with the steppers.
      let plan = await planOf(organiser, id);
      const first = plan.plan!.matches.find((x) => x.group === "A")!;
      const winnerName = nameOf(plan, first.home.teamId);
      await org.getByTestId(`match-${first.number}`).getByRole("button", { name: "Ergebnis eintragen" }).click();
      const sheet = org.getByTestId("score-sheet");
      await sheet.waitFor();
      await addGoals(org, "home", 3);
      await addGoals(org, "away", 1);
      await shot(org, "tournament-plan-score-de");
      await sheet.getByRole("button", { name: "Speichern" }).click();
      await org.getByText("Ergebnis gespeichert.").waitFor();
      await org.getByTestId(`match-${first.number}`).getByRole("button", { name: "Ergebnis ändern" }).waitFor();

      // ... and the spectator's table shows it without a reload: the winner first with 3 points and 3:1.
      const rowA = spectator.getByTestId("table-A").getByTestId("table-row").first();
      await spectator.getByTestId("table-A").getByTestId("table-row").filter({ hasText: winnerName }).filter({ hasText: "3:1" }).waitFor();
      expect(await rowA.textContent()).toContain(winnerName);
      await shot(spectator, "tournament-plan-tables-live-de", { full: true });

      // Another phone saves the match while this one has its sheet open: named live, and the first "Speichern" is
      // refused (it would overwrite unseen); the second replaces it on purpose.
      const second = plan.plan!.matches.find((x) => x.group === "B")!;
      await org.getByTestId(`match-${second.number}`).getByRole("button", { name: "Ergebnis eintragen" }).click();
      await addGoals(org, "home", 1);
      await enter(organiser, second, 0, 2);
      await org.getByTestId("score-conflict").getByText("Jemand anderes hat gerade 0:2 gespeichert.", { exact: false }).waitFor();
      await shot(org, "tournament-plan-conflict-de");
      // (a button pauses after a tap: the second tap waits until it takes taps again)
      const saveAgain = org.getByTestId("score-sheet").locator('button:not([aria-disabled="true"])', { hasText: "Speichern" });
      const refused = org.waitForResponse((r) => r.url().includes("tournaments.enterResult"));
      await saveAgain.click();
      expect((await refused).status()).toBe(409);
      await saveAgain.click();
      await org.getByTestId("score-sheet").waitFor({ state: "detached" });
      const overwritten = (await planOf(organiser, id)).plan!.matches.find((x) => x.id === second.id)!;
      expect([overwritten.homeGoals, overwritten.awayGoals, overwritten.version]).toEqual([1, 0, 2]);

      // The rest of the groups (through the API), then the spectator's knock-out fills.
      plan = await planOf(organiser, id);
      for (const x of plan.plan!.matches.filter((y) => y.stage === "group" && y.homeGoals === null)) plan = await enter(organiser, x, 2, 0);
      await spectator.getByRole("tab", { name: "K.-o.-Runde" }).click();
      const semis = plan.plan!.matches.filter((x) => x.stage === "knockout" && x.roundOf === 4);
      for (const semi of semis) await spectator.getByTestId(`match-${semi.number}`).getByText(nameOf(plan, semi.home.teamId)).waitFor();
      await shot(spectator, "tournament-plan-knockout-de", { full: true });

      // A level semi-final: the organiser picks who went through on penalties.
      await org.getByRole("tab", { name: "K.-o.-Runde" }).click();
      const semi = semis[0]!;
      await org.getByTestId(`match-${semi.number}`).getByRole("button", { name: "Ergebnis eintragen" }).click();
      await addGoals(org, "home", 1);
      await addGoals(org, "away", 1);
      const save = org.getByTestId("score-sheet").getByRole("button", { name: "Speichern" });
      expect(await save.isDisabled()).toBe(true);
      const through = nameOf(plan, semi.away.teamId);
      await org.getByRole("button", { name: `${through} weiter` }).click();
      await shot(org, "tournament-plan-penalties-de");
      await save.click();
      await org.getByTestId("score-sheet").waitFor({ state: "detached" });
      plan = await planOf(organiser, id);
      plan = await enter(organiser, plan.plan!.matches.find((x) => x.id === semis[1]!.id)!, 0, 1);
      const final = plan.plan!.matches.find((x) => x.roundOf === 2)!;
      expect(final.home.teamId).toBe(semi.away.teamId);
      await spectator.getByTestId(`match-${final.number}`).getByText(through).waitFor();
      await enter(organiser, final, 2, 1);
      await spectator.getByTestId("champion").getByText(through).waitFor();
      await shot(spectator, "tournament-plan-champion-de", { full: true });

      // Once a result is in, the plan cannot be generated again.
      expect((await planOf(organiser, id)).viewer.canRegenerate).toBe(false);
      await spectatorContext.close();
      await organiser.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "level on every criterion: the organiser draws lots with one tap (de); an English spectator reads the table decided by lot",
    async () => {
      const organiser = await h.newContext();
      const id = await tournamentWithTeams("Los-Cup E2E", organiser, TEAMS.slice(0, 3));
      let plan = await trpcCall<TPlanPage>(organiser, "mutation", "tournaments.generatePlan", {
        tournamentId: id,
        format: "league",
        groupCount: 1,
        matchMinutes: 12,
        breakMinutes: 3,
        pitches: 1,
        startsAt: daysAhead(12, 9),
      });
      for (const x of plan.plan!.matches) plan = await enter(organiser, plan.plan!.matches.find((y) => y.id === x.id)!, 1, 1);

      const spectatorContext = await h.newContext({ locale: "en-GB" });
      const spectator = await spectatorContext.newPage();
      await spectator.goto(`/tournament/${id}/plan`);
      await spectator.getByRole("tab", { name: "Tables" }).click();
      await spectator.getByTestId("table-league").getByText("Level on every criterion", { exact: false }).waitFor();
      // only the organiser may draw
      expect(await spectator.getByRole("button", { name: "Draw lots" }).count()).toBe(0);

      const org = await organiser.newPage();
      await org.goto(`/tournament/${id}/plan`);
      await org.getByRole("tab", { name: "Tabellen" }).click();
      const table = org.getByTestId("table-league");
      await shot(org, "tournament-plan-lots-before-de", { full: true });
      await table.getByRole("button", { name: "Los ziehen" }).click();
      await table.getByText("Platzierung per Los entschieden.").waitFor();
      expect(await table.getByTestId("table-row").locator("td:first-child").allTextContents()).toEqual(["1", "2", "3"]);
      await shot(org, "tournament-plan-lots-drawn-de", { full: true });

      // live on the spectator's phone
      await spectator.getByTestId("table-league").getByText("Places decided by lot.").waitFor();
      await shot(spectator, "tournament-plan-lots-drawn-en", { full: true });
      await spectatorContext.close();
      await organiser.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a league in English: the organiser enters a result, an English spectator's table moves",
    async () => {
      const organiser = await h.newContext({ locale: "en-GB" });
      const id = await tournamentWithTeams("Schedule Cup E2E", organiser, TEAMS.slice(0, 4));
      const org = await organiser.newPage();
      await org.goto(`/tournament/${id}/plan`);
      const form = org.getByTestId("plan-form");
      await form.getByRole("heading", { name: "Create the schedule" }).waitFor();
      await form.getByRole("radio", { name: "League" }).click();
      await shot(org, "tournament-plan-form-en", { full: true });
      await form.getByRole("button", { name: "Create schedule" }).click();
      await org.getByText("4 teams · 6 matches · 2 pitches").waitFor();
      expect(await org.getByRole("tab", { name: "Knockout" }).count()).toBe(0);

      const spectatorContext = await h.newContext({ locale: "en-GB" });
      const spectator = await spectatorContext.newPage();
      await spectator.goto(`/tournament/${id}/plan`);
      await spectator.getByRole("tab", { name: "Tables" }).click();
      await spectator.getByTestId("table-league").waitFor();

      const plan = await planOf(organiser, id);
      const first = plan.plan!.matches[0]!;
      await org.getByTestId(`match-${first.number}`).getByRole("button", { name: "Enter result" }).click();
      await addGoals(org, "away", 2);
      await shot(org, "tournament-plan-score-en");
      await org.getByTestId("score-sheet").getByRole("button", { name: "Save" }).click();
      await org.getByText("Result saved.").waitFor();
      await spectator.getByTestId("table-league").getByTestId("table-row").first().filter({ hasText: nameOf(plan, first.away.teamId) }).filter({ hasText: "2:0" }).waitFor();
      await shot(spectator, "tournament-plan-tables-live-en", { full: true });
      await shot(org, "tournament-plan-matches-en", { full: true });

      // A team that has not played withdraws: its matches become walkovers, live on the spectator's phone too.
      const leaver = plan.plan!.teams.find((t) => t.id !== first.home.teamId && t.id !== first.away.teamId)!;
      await trpcCall(organiser, "mutation", "tournaments.cancelRegistration", { participationId: leaver.id });
      await spectator.getByTestId("table-league").getByTestId("table-row").filter({ hasText: `${leaver.name} (withdrawn)` }).waitFor();
      await spectator.getByRole("tab", { name: "Matches" }).click();
      const walkovers = plan.plan!.matches.filter((x) => x.home.teamId === leaver.id || x.away.teamId === leaver.id);
      for (const x of walkovers) await spectator.getByTestId(`match-${x.number}`).getByText("Walkover").waitFor();
      await spectator.getByTestId(`match-${walkovers[0]!.number}`).scrollIntoViewIfNeeded();
      await shot(spectator, "tournament-plan-walkover-en");
      await spectatorContext.close();
      await organiser.close();
    },
    E2E_TIMEOUT,
  );
});
