import { ChevronRight, Clock, Euro, FileText, Eye, MapPin, Shapes, UsersRound } from "lucide-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  DESCRIPTION_MAX_LENGTH,
  GAME_DURATIONS_MINUTES,
  GAME_MODE_MAX,
  GAME_MODE_MIN,
  MANAGED_PAYMENT_MAX_DAYS_AHEAD,
  MANAGED_PRICE_MIN_CENTS,
  TEAMS_MAX,
  TEAMS_MIN,
  TITLE_MAX_LENGTH,
} from "@shared/constants";
import {
  applyMaxPlayers,
  applyMinPlayers,
  applyTeamsOrMode,
  euroInputToCents,
  maxPlayersOptions,
  minPlayersOptions,
  playerCountOptions,
  roundPriceToStep,
} from "@shared/rules/game-form";
import { formatMoney } from "@shared/rules/money";
import {
  canMarkOrganizationGame,
  canOrganiseWithoutPlaying,
  canPublishOwnType,
  canSetPrice,
  canSetTitle,
  canUseInstantCapture,
  type GameActor,
} from "@shared/rules/game-permissions";
import { paymentFieldsFor } from "@shared/rules/managed-payment";
import type { TGame } from "@shared/schemas/games";
import type { TMyAccount } from "@shared/schemas/users";
import { ChoiceChips } from "@client/components/choice-chips";
import { SelectField } from "@client/components/select-field";
import { Stepper } from "@client/components/stepper";
import { SwitchField } from "@client/components/switch-field";
import { TextAreaField } from "@client/components/text-area-field";
import { TextField } from "@client/components/text-field";
import { useLocale } from "@client/lib/locale";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { validationMessage } from "@client/lib/errors";
import { m } from "@client/paraglide/messages";
import { FormSection } from "@client/components/form-section";
import { CourtChoiceField } from "./court-choice-field";
import { genderLabel, levelLabel } from "../game-format";
import { formatDuration } from "@client/lib/format/dates";
import { formatLineUp } from "@client/lib/format/players";
import { descriptionErrorKey, priceErrorKey, priceTextOf, startErrorKey, titleErrorKey, type GameFormState } from "./game-form-state";
import { createPaymentContext, editPaymentContext, payoutInputOf, type PaymentContext } from "./payment-context";
import { PayoutCalculator } from "./payout-calculator";
import { StartTimePicker } from "./start-time-picker";

export type GameFormUpdate = (change: Partial<GameFormState> | ((state: GameFormState) => GameFormState)) => void;

/** The permissions of spec 000 section 6 for the signed-in account. */
export function actorOf(account: TMyAccount): GameActor {
  return {
    id: account.id,
    isAdmin: account.isAdmin,
    organizationId: account.organization?.id ?? null,
    groupNames: account.groups.map((group) => group.name),
    emailVerified: account.emailVerifiedAt !== null,
  };
}

function keyMessage(key: string | null): string | null {
  return key ? (messageByKey(key) ?? m.validation_invalid()) : null;
}

/** A server field issue (validation code) wins over the form's own check until the value changes. */
function fieldError(own: string | null, server: string | undefined): string | null {
  return own ?? (server ? validationMessage(server) : null);
}

/**
 * For organisers whose account cannot take charges yet: what managed payment is, and the way to
 * /payments-onboarding; `pending`: a payment account exists but cannot take charges yet.
 */
function ManagedPaymentSetupHint({ pending }: { pending: boolean }) {
  return (
    <div className="rounded-2xl bg-pitch-50 px-3.5 py-3 text-[15px] leading-snug text-pitch-900" data-testid="managed-payment-setup">
      <p className="font-bold">{m.game_form_managed_payment()}</p>
      <p className="mt-0.5">{pending ? m.game_form_managed_setup_pending() : m.game_form_managed_setup_hint()}</p>
      <Link
        to="/payments-onboarding"
        className="-ml-1 mt-1 inline-flex min-h-11 items-center gap-1 rounded-xl px-1 text-[15px] font-bold text-pitch-700 hover:underline"
      >
        {m.game_form_managed_setup_link()}
        <ChevronRight aria-hidden className="size-4.5" />
      </Link>
    </div>
  );
}

/** "Nur ich", "Ich + 2", "3 Spieler": the organiser's own places (create form, a weekly session's "takes place"). */
export function playerCountLabel(count: number, playsHimself: boolean): string {
  if (count === 0) return m.game_form_player_count_none();
  if (!playsHimself) return count === 1 ? m.game_form_player_count_others_one() : m.game_form_player_count_others({ count: String(count) });
  if (count === 1) return m.game_form_player_count_only_me();
  return m.game_form_player_count_me_plus({ count: String(count - 1) });
}

/**
 * The game form of spec 000 section 5, shared by /create/game and /game/{id}/edit-details. Every
 * coupling between fields runs through shared/rules/game-form.ts, the same code the server uses.
 */
export function GameForm({
  mode,
  state,
  update,
  account,
  now,
  serverFields,
  onPickCourt,
  game,
  paymentContext: givenPaymentContext,
  hideStartTime = false,
}: {
  mode: "create" | "edit";
  state: GameFormState;
  update: GameFormUpdate;
  account: TMyAccount;
  now: Date;
  serverFields: Record<string, string>;
  onPickCourt?: () => void;
  /** the game as saved (edit form): whose account gets the payout, its organisation's fee */
  game?: TGame;
  /** the payment context when the form edits something else than a game (a weekly session) */
  paymentContext?: PaymentContext;
  /** a weekly session's details: its weekday and time stay (spec 000 section 2) */
  hideStartTime?: boolean;
}) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const actor = actorOf(account);
  const [showEnglish, setShowEnglish] = useState(state.descriptionEn !== "");
  const [priceTouched, setPriceTouched] = useState(false);
  const creating = mode === "create";
  const paymentContext = givenPaymentContext ?? (game ? editPaymentContext(account, game) : createPaymentContext(account, state));
  const payment = paymentFieldsFor({
    actor,
    organiser: paymentContext.organiser,
    isManagedPayment: state.isManagedPayment,
    wasManagedPayment: paymentContext.wasManagedPayment,
  });

  const base = state.teams * state.gameMode;
  const minOptions = minPlayersOptions(state.teams, state.gameMode);
  // An existing game cannot take fewer players than have joined (MAX_PLAYERS_BELOW_ATTENDEES).
  const maxOptions = maxPlayersOptions(state.teams, state.gameMode).filter((count) => creating || count >= state.playerCount);
  // Values from an older game may lie outside today's choices; keep them selectable.
  if (!minOptions.includes(state.minPlayers)) minOptions.unshift(state.minPlayers);
  if (state.maxPlayers !== null && !maxOptions.includes(state.maxPlayers)) maxOptions.unshift(state.maxPlayers);
  const countOptions = playerCountOptions(state.playsHimself).filter((count) => state.maxPlayers === null || count <= state.maxPlayers);

  const startError = keyMessage(startErrorKey(state, now)) ?? (serverFields.startTime ? validationMessage(serverFields.startTime) : null);
  const priceError = priceTouched || serverFields.priceCents ? fieldError(keyMessage(priceErrorKey(state)), serverFields.priceCents) : null;

  function onPriceBlur() {
    setPriceTouched(true);
    const cents = euroInputToCents(state.priceText);
    if (cents === null || cents < 0 || cents > 10_000) return;
    const rounded = roundPriceToStep(cents);
    update({ priceText: priceTextOf(rounded, locale), priceCents: rounded });
  }

  return (
    <div className="space-y-4">
      <FormSection icon={<Clock aria-hidden className="size-4.5" />} title={m.game_form_when()}>
        {hideStartTime ? null : (
          <StartTimePicker
            value={{ day: state.day, hour: state.hour, minute: state.minute }}
            onChange={(value) => update(value)}
            now={now}
            isManagedPayment={state.isManagedPayment}
            error={startError}
          />
        )}
        <ChoiceChips
          label={m.game_form_duration()}
          value={state.durationMinutes}
          onValueChange={(durationMinutes) => update({ durationMinutes })}
          choices={GAME_DURATIONS_MINUTES.map((minutes) => ({ value: minutes, label: formatDuration(minutes, locale) }))}
          scroll
        />
        {creating ? (
          <SwitchField
            label={m.weekly_switch_label()}
            hint={m.weekly_switch_hint()}
            checked={state.isRecurringGame}
            onCheckedChange={(isRecurringGame) => update({ isRecurringGame })}
          />
        ) : null}
      </FormSection>

      {creating && onPickCourt ? (
        <FormSection icon={<MapPin aria-hidden className="size-4.5" />} title={m.game_form_where()}>
          <CourtChoiceField court={state.court} onPickCourt={onPickCourt} error={serverFields.courtId ? validationMessage(serverFields.courtId) : null} />
        </FormSection>
      ) : null}

      <FormSection icon={<UsersRound aria-hidden className="size-4.5" />} title={m.game_form_players()}>
        <div className="space-y-3">
          <Stepper label={m.game_form_teams()} value={state.teams} min={TEAMS_MIN} max={TEAMS_MAX} onValueChange={(teams) => update((s) => ({ ...s, ...applyTeamsOrMode(s, { teams }) }))} />
          <Stepper
            label={m.game_form_game_mode()}
            value={state.gameMode}
            min={GAME_MODE_MIN}
            max={GAME_MODE_MAX}
            onValueChange={(gameMode) => update((s) => ({ ...s, ...applyTeamsOrMode(s, { gameMode }) }))}
          />
          <p className="rounded-2xl bg-pitch-50 px-3.5 py-2.5 text-[15px] font-semibold text-pitch-900">
            {formatLineUp(state.teams, state.gameMode)} · {m.game_form_on_pitch({ count: String(base) })}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={m.game_form_min_players()}
            value={String(state.minPlayers)}
            onValueChange={(value) => update((s) => ({ ...s, ...applyMinPlayers(s, Number(value)) }))}
            options={minOptions.map((count) => ({ value: String(count), label: String(count) }))}
            placeholder={m.game_form_min_players()}
            error={serverFields.minPlayers ? validationMessage(serverFields.minPlayers) : null}
          />
          <SelectField
            label={m.game_form_max_players()}
            value={state.maxPlayers === null ? "none" : String(state.maxPlayers)}
            onValueChange={(value) => update((s) => ({ ...s, ...applyMaxPlayers(s, value === "none" ? null : Number(value)) }))}
            options={[
              { value: "none", label: m.game_form_max_players_unlimited() },
              ...maxOptions.map((count) => ({
                value: String(count),
                label: count <= base ? String(count) : m.game_form_max_players_subs({ count: String(count), subs: String(count - base) }),
              })),
            ]}
            placeholder={m.game_form_max_players()}
            error={serverFields.maxPlayers ? validationMessage(serverFields.maxPlayers) : null}
          />
        </div>
        <p className="-mt-2 text-[14px] leading-snug text-slate-600">{m.game_form_min_players_hint()}</p>

        {creating ? (
          <>
            {canOrganiseWithoutPlaying(actor) ? (
              <SwitchField
                label={m.game_form_plays_himself()}
                hint={m.game_form_plays_himself_hint()}
                checked={state.playsHimself}
                onCheckedChange={(playsHimself) =>
                  update((s) => ({ ...s, playsHimself, playerCount: playsHimself ? s.playerCount + 1 : Math.max(0, s.playerCount - 1) }))
                }
              />
            ) : null}
            <SelectField
              label={m.game_form_player_count()}
              value={String(state.playerCount)}
              onValueChange={(value) => update({ playerCount: Number(value) })}
              options={countOptions.map((count) => ({ value: String(count), label: playerCountLabel(count, state.playsHimself) }))}
              placeholder={m.game_form_player_count()}
              error={state.maxPlayers !== null && state.maxPlayers < state.playerCount ? m.error_PLAYER_COUNT_ABOVE_MAX() : null}
            />
            <SwitchField label={m.game_form_brings_ball()} checked={state.bringsBall} onCheckedChange={(bringsBall) => update({ bringsBall })} />
            <SwitchField label={m.game_form_brings_bibs()} checked={state.bringsBibs} onCheckedChange={(bringsBibs) => update({ bringsBibs })} />
          </>
        ) : null}
      </FormSection>

      <FormSection icon={<Shapes aria-hidden className="size-4.5" />} title={m.game_form_game()}>
        <ChoiceChips
          label={m.game_tile_level()}
          value={state.level}
          onValueChange={(level) => update({ level })}
          choices={(["ALL", "LOW", "MEDIUM", "HIGH"] as const).map((level) => ({
            value: level,
            label: level === "ALL" ? m.game_form_level_all() : levelLabel(level),
            ariaLabel: levelLabel(level),
          }))}
        />
        <ChoiceChips
          label={m.game_form_gender()}
          value={state.gender}
          onValueChange={(gender) => update({ gender })}
          choices={(["MIXED", "FEMALE", "MALE"] as const).map((gender) => ({ value: gender, label: genderLabel(gender) }))}
        />
      </FormSection>

      <FormSection icon={<Euro aria-hidden className="size-4.5" />} title={m.game_form_price()}>
        {payment.managedSwitch ? (
          <SwitchField
            label={m.game_form_managed_payment()}
            hint={m.game_form_managed_payment_hint({
              min: formatMoney(MANAGED_PRICE_MIN_CENTS, locale),
              days: String(MANAGED_PAYMENT_MAX_DAYS_AHEAD),
            })}
            checked={state.isManagedPayment}
            onCheckedChange={(isManagedPayment) => {
              setPriceTouched(true);
              // Without canSetPrice a price exists only with managed payment: switched off, the game is free again.
              update(isManagedPayment || canSetPrice(actor) ? { isManagedPayment } : { isManagedPayment, priceText: "", priceCents: 0 });
            }}
          />
        ) : null}
        {payment.priceField ? (
          <TextField
            label={m.game_form_price_label()}
            inputMode="decimal"
            autoComplete="off"
            placeholder={m.game_form_price_placeholder()}
            value={state.priceText}
            onValueChange={(priceText) => update({ priceText, priceCents: euroInputToCents(priceText) ?? state.priceCents })}
            onBlur={onPriceBlur}
            error={priceError}
            hint={state.isManagedPayment ? m.game_form_price_hint_managed({ min: formatMoney(MANAGED_PRICE_MIN_CENTS, locale) }) : m.game_form_price_hint()}
            trailing={<span className="pr-3 text-[16px] font-semibold text-slate-600">€</span>}
          />
        ) : payment.onboardingHint ? null : (
          <p className="rounded-2xl bg-pitch-50 px-3.5 py-3 text-[15px] leading-snug text-pitch-900">
            <span className="font-bold">{m.game_price_free()}</span> ·{" "}
            {payment.managedSwitch ? m.game_form_price_with_managed() : m.game_form_price_not_allowed()}
          </p>
        )}
        {state.isManagedPayment && payment.managedSwitch ? (
          <>
            <PayoutCalculator input={payoutInputOf(state, paymentContext)} />
            <div className="space-y-5 border-l-2 border-pitch-200 pl-4">
              <SwitchField
                label={m.game_form_external_payments()}
                hint={m.game_form_external_payments_hint()}
                checked={state.externalPaymentRequestsAllowed}
                onCheckedChange={(externalPaymentRequestsAllowed) => update({ externalPaymentRequestsAllowed })}
              />
              {canUseInstantCapture(actor) ? (
                <SwitchField
                  label={m.game_form_instant_capture()}
                  hint={m.game_form_instant_capture_hint()}
                  checked={state.instantCapture}
                  onCheckedChange={(instantCapture) => update({ instantCapture })}
                />
              ) : null}
            </div>
          </>
        ) : null}
        {payment.onboardingHint ? <ManagedPaymentSetupHint pending={account.hasPaymentAccount} /> : null}
      </FormSection>

      <FormSection icon={<FileText aria-hidden className="size-4.5" />} title={m.game_form_about()}>
        {canSetTitle(actor) ? (
          <TextField
            label={m.game_form_title()}
            optional
            maxLength={TITLE_MAX_LENGTH}
            value={state.title}
            onValueChange={(title) => update({ title })}
            hint={m.game_form_title_hint()}
            error={fieldError(keyMessage(titleErrorKey(state.title)), serverFields.title)}
          />
        ) : null}
        <TextAreaField
          label={m.game_form_description()}
          optional
          rows={5}
          maxLength={DESCRIPTION_MAX_LENGTH}
          value={state.description}
          onValueChange={(description) => update({ description })}
          placeholder={m.game_form_description_placeholder()}
          error={fieldError(keyMessage(descriptionErrorKey(state.description)), serverFields.description)}
        />
        {showEnglish ? (
          <TextAreaField
            label={m.game_form_description_en()}
            optional
            lang="en"
            rows={4}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={state.descriptionEn}
            onValueChange={(descriptionEn) => update({ descriptionEn })}
            hint={m.game_form_description_en_hint()}
            error={fieldError(keyMessage(descriptionErrorKey(state.descriptionEn)), serverFields.descriptionEn)}
          />
        ) : (
          <button
            type="button"
            onClick={() => setShowEnglish(true)}
            className="-mt-2 inline-flex min-h-11 items-center rounded-xl px-1 text-[15px] font-semibold text-pitch-700 hover:underline"
          >
            {m.game_form_add_english()}
          </button>
        )}
      </FormSection>

      {creating ? (
        <FormSection icon={<Eye aria-hidden className="size-4.5" />} title={m.game_form_visibility()}>
          <ChoiceChips
            label={m.game_form_visibility()}
            hideLabel
            value={state.gameType}
            onValueChange={(gameType) => update({ gameType })}
            choices={[
              { value: "PUBLIC" as const, label: m.game_type_public() },
              { value: "PRIVATE" as const, label: m.game_type_private() },
              ...(canPublishOwnType(actor) ? [{ value: "KICKRUNDE" as const, label: m.game_type_kickrunde() }] : []),
            ]}
          />
          <p className="-mt-2 text-[14px] leading-snug text-slate-600">
            {state.gameType === "PRIVATE" ? m.game_form_private_hint() : state.gameType === "KICKRUNDE" ? m.game_form_kickrunde_hint() : m.game_form_public_hint()}
          </p>
          {canMarkOrganizationGame(actor) && account.organization ? (
            <SwitchField
              label={m.game_form_organization_game({ organization: account.organization.name })}
              hint={m.game_form_organization_game_hint()}
              checked={state.isOrganizationGame}
              onCheckedChange={(isOrganizationGame) => update({ isOrganizationGame })}
            />
          ) : null}
        </FormSection>
      ) : null}
    </div>
  );
}
