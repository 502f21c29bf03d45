import type { Language } from "@shared/constants";
import { feePercentageOf } from "@shared/rules/fees";
import type { z } from "zod";
import type { TGameTemplate, ZUpdateGameTemplateInput } from "@shared/schemas/weekly";
import type { TMyAccount } from "@shared/schemas/users";
import { typedPriceCents, priceTextOf, type GameFormState } from "@client/features/games/form/game-form-state";
import type { PaymentContext } from "@client/features/games/form/payment-context";
import { partsOf } from "@client/features/games/form/start-time-options";

/** The edit-details form of a weekly session starts from its template (the next week's start stands for the hidden time). */
export function initialTemplateState(template: TGameTemplate, locale: Language): GameFormState {
  const { day, hour, minute } = partsOf(template.state.nextStart);
  return {
    teams: template.teams,
    gameMode: template.gameMode,
    minPlayers: template.minPlayers,
    maxPlayers: template.maxPlayers,
    playerCount: template.organiserPlayerCount,
    playsHimself: template.playsHimself,
    // the organiser's minimum is kept when teams or mode change
    minPlayersCustomised: true,
    priceCents: template.priceCents,
    isManagedPayment: template.isManagedPayment,
    day,
    hour,
    minute,
    durationMinutes: template.durationMinutes,
    court: null,
    priceText: priceTextOf(template.priceCents, locale),
    level: template.level,
    gender: template.gender,
    gameType: template.gameType,
    title: template.title ?? "",
    description: template.description,
    descriptionEn: template.descriptionEn ?? "",
    isOrganizationGame: template.organization !== null,
    instantCapture: template.instantCapture,
    externalPaymentRequestsAllowed: template.externalPaymentRequestsAllowed,
    bringsBall: false,
    bringsBibs: false,
    isRecurringGame: true,
  };
}

/**
 * Whose account gets the payout of the session's games: the creator's (the one editing, or unknown when
 * an admin edits somebody else's session); the template's organisation's fee is not sent to the client, so
 * an organisation session shows the default fee.
 */
export function templatePaymentContext(account: TMyAccount, template: TGameTemplate): PaymentContext {
  const isCreator = account.id === template.creator.id;
  return {
    organiser: isCreator ? account : null,
    wasManagedPayment: template.isManagedPayment,
    feePercentage: feePercentageOf(template.organization),
    organiserPlaces: template.organiserPlayerCount,
    monthlyFeePaid: isCreator && account.stripeMonthlyFeePaid,
  };
}

export type TUpdateGameTemplateInput = z.input<typeof ZUpdateGameTemplateInput>;

const textOrNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** Only what changed (weekly.update with the detail fields: the template and every future game of it). */
export function templateUpdatePayload(template: TGameTemplate, state: GameFormState, options: { canSetTitle: boolean }): TUpdateGameTemplateInput {
  const payload: TUpdateGameTemplateInput = { id: template.id };
  if (state.durationMinutes !== template.durationMinutes) payload.durationMinutes = state.durationMinutes;
  if (state.teams !== template.teams) payload.teams = state.teams;
  if (state.gameMode !== template.gameMode) payload.gameMode = state.gameMode;
  if (state.minPlayers !== template.minPlayers) payload.minPlayers = state.minPlayers;
  if (state.maxPlayers !== template.maxPlayers) {
    if (state.maxPlayers === null) payload.removeMaxPlayers = true;
    else payload.maxPlayers = state.maxPlayers;
  }
  if (state.level !== template.level) payload.level = state.level;
  if (state.gender !== template.gender) payload.gender = state.gender;
  if (state.gameType !== template.gameType) payload.gameType = state.gameType;
  const priceCents = typedPriceCents(state) ?? template.priceCents;
  if (priceCents !== template.priceCents) payload.priceCents = priceCents;
  if (state.isManagedPayment !== template.isManagedPayment) payload.isManagedPayment = state.isManagedPayment;
  const instantCapture = state.isManagedPayment && state.instantCapture;
  if (instantCapture !== template.instantCapture) payload.instantCapture = instantCapture;
  const external = state.isManagedPayment && state.externalPaymentRequestsAllowed;
  if (external !== template.externalPaymentRequestsAllowed) payload.externalPaymentRequestsAllowed = external;
  if (state.description.trim() !== template.description) payload.description = state.description.trim();
  const descriptionEn = textOrNull(state.descriptionEn);
  if (descriptionEn !== template.descriptionEn) payload.descriptionEn = descriptionEn;
  if (options.canSetTitle) {
    const title = textOrNull(state.title);
    if (title !== template.title) payload.title = title;
  }
  // fewer places than the organiser holds would make each new week's game refuse them
  if (state.maxPlayers !== null && template.organiserPlayerCount > state.maxPlayers) payload.organiserPlayerCount = state.maxPlayers;
  return payload;
}

export function isEmptyTemplateUpdate(payload: TUpdateGameTemplateInput): boolean {
  return Object.keys(payload).every((key) => key === "id");
}
