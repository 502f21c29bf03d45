import { CalendarClock, Euro, Languages, Link2, MapPin, Trophy, UsersRound } from "lucide-react";
import { useState } from "react";
import { GAME_MODE_MAX, GAME_MODE_MIN } from "@shared/constants";
import { TOURNAMENT } from "@shared/schemas/tournaments";
import { ChoiceChips } from "@client/components/choice-chips";
import { SelectField } from "@client/components/select-field";
import { Stepper } from "@client/components/stepper";
import { SwitchField } from "@client/components/switch-field";
import { TextAreaField } from "@client/components/text-area-field";
import { TextField } from "@client/components/text-field";
import { validationMessage } from "@client/lib/errors";
import { formatLineUp } from "@client/lib/format/players";
import { useMessageCatalogue } from "@client/lib/messages";
import { m } from "@client/paraglide/messages";
import { FormSection } from "@client/components/form-section";
import { CourtChoiceField } from "@client/features/games/form/court-choice-field";
import type { FormProblems, TournamentFormState } from "./tournament-form-state";

export type TournamentFormUpdate = (change: Partial<TournamentFormState>) => void;

/**
 * The tournament form (issue 25) of /create/tournament and /tournament/{id}/edit: what, when, where, teams,
 * entry fee, the texts in German with optional English ones, and the links. `problems` are validation codes
 * by input name, the form's own and the server's.
 */
export function TournamentForm({
  state,
  update,
  problems,
  onPickCourt,
}: {
  state: TournamentFormState;
  update: TournamentFormUpdate;
  problems: FormProblems;
  onPickCourt: () => void;
}) {
  useMessageCatalogue();
  const [textLanguage, setTextLanguage] = useState<"de" | "en">("de");
  const error = (name: keyof FormProblems): string | null => (problems[name] ? validationMessage(problems[name]) : null);
  const en = textLanguage === "en";
  const textField = (field: "description" | "rules" | "cancellationPolicy" | "termsOfParticipation", label: string, max: number) => {
    const key = en ? (`${field}En` as const) : field;
    return (
      <TextAreaField
        label={label}
        optional={en || field === "description"}
        value={state[key]}
        onValueChange={(value) => update({ [key]: value })}
        maxLength={max}
        rows={field === "description" ? 5 : 4}
        error={error(key)}
        lang={textLanguage}
      />
    );
  };

  return (
    <div className="space-y-4">
      <FormSection icon={<Trophy aria-hidden className="size-4.5" />} title={m.tournament_form_section_what()}>
        <TextField
          label={m.tournament_form_name()}
          value={state.name}
          onValueChange={(name) => update({ name })}
          maxLength={TOURNAMENT.nameMax}
          error={error("name")}
          name="name"
          autoComplete="off"
        />
      </FormSection>

      <FormSection icon={<CalendarClock aria-hidden className="size-4.5" />} title={m.tournament_form_section_when()}>
        <div className="grid grid-cols-[1fr_9rem] gap-3">
          <TextField label={m.tournament_form_start_day()} type="date" value={state.startDay} onValueChange={(startDay) => update({ startDay, ...(state.endDay < startDay ? { endDay: startDay } : {}) })} error={error("startTime")} />
          <TextField label={m.tournament_form_start_time()} type="time" step={900} value={state.startTime} onValueChange={(startTime) => update({ startTime })} />
        </div>
        <div className="grid grid-cols-[1fr_9rem] gap-3">
          <TextField label={m.tournament_form_end_day()} type="date" value={state.endDay} onValueChange={(endDay) => update({ endDay })} error={error("endTime")} />
          <TextField label={m.tournament_form_end_time()} type="time" step={900} value={state.endTime} onValueChange={(endTime) => update({ endTime })} />
        </div>
        <p className="text-[14px] text-slate-600">{m.tournament_form_berlin_time()}</p>
      </FormSection>

      <FormSection icon={<MapPin aria-hidden className="size-4.5" />} title={m.tournament_form_section_where()}>
        <ChoiceChips
          label={m.tournament_form_place_kind()}
          hideLabel
          value={state.place}
          onValueChange={(place) => update({ place })}
          choices={[
            { value: "court", label: m.tournament_form_place_court() },
            { value: "name", label: m.tournament_form_place_name() },
          ]}
        />
        {state.place === "court" ? (
          <CourtChoiceField court={state.court} onPickCourt={onPickCourt} error={error("courtId")} />
        ) : (
          <TextField
            label={m.tournament_form_location_name()}
            value={state.locationName}
            onValueChange={(locationName) => update({ locationName })}
            maxLength={TOURNAMENT.locationNameMax}
            hint={m.tournament_form_location_hint()}
            error={error("locationName")}
          />
        )}
      </FormSection>

      <FormSection icon={<UsersRound aria-hidden className="size-4.5" />} title={m.tournament_form_section_teams()}>
        <Stepper label={m.tournament_form_max_teams()} value={state.maxTeams} min={TOURNAMENT.maxTeamsMin} max={TOURNAMENT.maxTeamsMax} onValueChange={(maxTeams) => update({ maxTeams })} />
        {error("maxTeams") ? <p className="-mt-3 text-sm font-medium text-red-700">{error("maxTeams")}</p> : null}
        <SelectField
          label={m.tournament_form_game_mode()}
          placeholder={m.tournament_form_game_mode()}
          value={String(state.gameMode)}
          onValueChange={(value) => {
            const gameMode = Number(value);
            update({ gameMode, ...(state.maxPlayers < gameMode ? { maxPlayers: gameMode } : {}) });
          }}
          options={Array.from({ length: GAME_MODE_MAX - GAME_MODE_MIN + 1 }, (_, i) => {
            const mode = GAME_MODE_MIN + i;
            return { value: String(mode), label: formatLineUp(2, mode) };
          })}
          error={error("gameMode")}
        />
        <Stepper label={m.tournament_form_max_players()} value={state.maxPlayers} min={state.gameMode} max={TOURNAMENT.maxPlayersMax} onValueChange={(maxPlayers) => update({ maxPlayers })} />
        {error("maxPlayers") ? <p className="-mt-3 text-sm font-medium text-red-700">{error("maxPlayers")}</p> : null}
      </FormSection>

      <FormSection icon={<Euro aria-hidden className="size-4.5" />} title={m.tournament_form_section_fee()}>
        <TextField
          label={m.tournament_form_price()}
          value={state.price}
          onValueChange={(price) => update({ price })}
          inputMode="decimal"
          placeholder="0,00"
          trailing={<span className="px-3 text-[16px] font-semibold text-slate-600">€</span>}
          hint={m.tournament_form_price_hint()}
          error={error("participationPriceCents")}
        />
        <ChoiceChips
          label={m.tournament_form_price_unit()}
          value={state.pricePerPlayer ? "player" : "team"}
          onValueChange={(unit) => update({ pricePerPlayer: unit === "player" })}
          choices={[
            { value: "team", label: m.tournament_form_per_team() },
            { value: "player", label: m.tournament_form_per_player() },
          ]}
        />
        <SwitchField
          label={m.tournament_form_business()}
          hint={m.tournament_form_business_hint({ percent: String(TOURNAMENT.vatPercent) })}
          checked={state.business}
          onCheckedChange={(business) => update({ business })}
        />
      </FormSection>

      <FormSection icon={<Languages aria-hidden className="size-4.5" />} title={m.tournament_form_section_texts()}>
        <ChoiceChips
          label={m.tournament_form_text_language()}
          value={textLanguage}
          onValueChange={setTextLanguage}
          choices={[
            { value: "de", label: m.language_de() },
            { value: "en", label: m.tournament_form_english_optional() },
          ]}
        />
        <p className="-mt-2 text-[14px] leading-snug text-slate-600">{en ? m.tournament_form_english_hint() : m.tournament_form_german_hint()}</p>
        {textField("description", m.tournament_form_description(), TOURNAMENT.descriptionMax)}
        {textField("rules", m.tournament_rules(), TOURNAMENT.legalTextMax)}
        {textField("cancellationPolicy", m.tournament_cancellation_policy(), TOURNAMENT.legalTextMax)}
        {textField("termsOfParticipation", m.tournament_terms(), TOURNAMENT.legalTextMax)}
      </FormSection>

      <FormSection icon={<Link2 aria-hidden className="size-4.5" />} title={m.tournament_links_title()}>
        <TextField label={m.tournament_form_signup_url()} type="url" inputMode="url" optional value={state.signupUrl} onValueChange={(signupUrl) => update({ signupUrl })} placeholder="https://" error={error("signupUrl")} />
        <TextField
          label={m.tournament_link_single_player()}
          optional
          value={state.singlePlayerGame}
          onValueChange={(singlePlayerGame) => update({ singlePlayerGame })}
          placeholder="https://kickrunde.de/game/123"
          hint={m.tournament_form_single_player_hint()}
          error={error("singlePlayerGameId")}
        />
        <TextField label={m.tournament_link_group()} type="url" inputMode="url" optional value={state.whatsappGroupUrl} onValueChange={(whatsappGroupUrl) => update({ whatsappGroupUrl })} placeholder="https://chat.whatsapp.com/…" error={error("whatsappGroupUrl")} />
        <TextField label={m.tournament_link_plan()} type="url" inputMode="url" optional value={state.planUrl} onValueChange={(planUrl) => update({ planUrl })} placeholder="https://" error={error("planUrl")} />
      </FormSection>
    </div>
  );
}
