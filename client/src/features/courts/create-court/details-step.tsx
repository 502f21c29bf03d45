import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { MapPinPlus, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { COURT_FENCINGS, TURFS } from "@shared/constants";
import type { TSavedLocation } from "@shared/schemas/courts";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { Stepper } from "@client/components/stepper";
import { SwitchField } from "@client/components/switch-field";
import { TextField } from "@client/components/text-field";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { turfLabel } from "@client/features/games/court-facts";
import { fencingLabel } from "../court-bits";
import { Card, PlaceLine } from "./place-card";
import {
  ALTERNATIVE_NAMES_MAX,
  canCreateCourt,
  createInput,
  detailsProblems,
  withMaxPlayers,
  withMinPlayers,
  type Details,
  type Fencing,
} from "./wizard-state";

/** Step two: the court's name, access, surface and sizes; creating it opens its page. */
export function DetailsStep({
  location,
  onBack,
  details,
  setDetails,
}: {
  location: TSavedLocation;
  onBack: () => void;
  details: Details;
  setDetails: (change: Partial<Details>) => void;
}) {
  const navigate = useNavigate();
  const server = useServerErrors();
  const [nameTouched, setNameTouched] = useState(false);
  const create = useMutation(trpc.courts.create.mutationOptions());
  const set = (change: Partial<Details>) => {
    setDetails(change);
    server.clear();
  };
  const fieldError = server.message;
  // the shared schema's verdict on what is typed: the name once touched, alternative names at once
  const problems = detailsProblems(details);
  const nameProblem = nameTouched ? (problems.name ?? null) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNameTouched(true);
    if (!canCreateCourt(details) || problems.alternativeNames) return;
    try {
      const { id } = await create.mutateAsync(createInput(details));
      // spec 001 section 2.2 names the flag as ?created=true (the app's own flags are bare, e.g. /game/1?created).
      await navigate({ href: `/court/${id}?created=true` });
    } catch (error) {
      // The entered data stays; field problems go to their fields.
      server.take(error);
    }
  }

  const altNameError = fieldError("alternativeNames") ?? (problems.alternativeNames ? validationMessage(problems.alternativeNames) : null);
  return (
    <form noValidate onSubmit={submit} className="space-y-4 px-3 pb-6">
      <Card>
        <div className="flex items-start justify-between gap-3">
          <PlaceLine place={location.place} />
          <button type="button" onClick={onBack} className="-mt-1 -mr-1 inline-flex min-h-11 shrink-0 items-center rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50">
            {m.court_create_change_place()}
          </button>
        </div>
      </Card>

      <Card className="space-y-5">
        <TextField
          label={m.court_create_name()}
          value={details.name}
          onValueChange={(name) => set({ name })}
          onBlur={() => setNameTouched(true)}
          error={fieldError("name") ?? (nameProblem ? validationMessage(nameProblem) : null)}
          placeholder={m.court_create_name_placeholder()}
          maxLength={100}
          autoComplete="off"
        />
        <div>
          <p className="mb-1.5 text-sm font-semibold text-slate-800">
            {m.court_create_alt_names()} <span className="font-normal text-slate-600">{m.common_optional()}</span>
          </p>
          <div className="space-y-2">
            {details.alternativeNames.map((value, index) => (
              <div key={index} className="flex items-end gap-2">
                <TextField
                  className="flex-1"
                  label={m.court_create_alt_name_n({ n: String(index + 1) })}
                  value={value}
                  maxLength={100}
                  onValueChange={(next) => set({ alternativeNames: details.alternativeNames.map((old, i) => (i === index ? next : old)) })}
                />
                <button
                  type="button"
                  onClick={() => set({ alternativeNames: details.alternativeNames.filter((_, i) => i !== index) })}
                  aria-label={m.court_create_alt_name_remove({ n: String(index + 1) })}
                  className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-slate-300 text-slate-600 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 aria-hidden className="size-5" />
                </button>
              </div>
            ))}
          </div>
          {details.alternativeNames.length < ALTERNATIVE_NAMES_MAX ? (
            <button
              type="button"
              onClick={() => set({ alternativeNames: [...details.alternativeNames, ""] })}
              className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
            >
              <Plus aria-hidden className="size-4" />
              {m.court_create_alt_name_add()}
            </button>
          ) : null}
          {altNameError ? <p className="mt-1.5 text-sm font-medium text-red-700">{altNameError}</p> : null}
        </div>
      </Card>

      <Card className="space-y-5">
        <div>
          <ChoiceChips
            label={m.court_create_access()}
            value={details.isPublic === null ? null : details.isPublic ? "public" : "private"}
            onValueChange={(value) => set({ isPublic: value === "public" })}
            choices={[
              { value: "public", label: m.court_public() },
              { value: "private", label: m.court_private() },
            ]}
          />
          {fieldError("public") ? <p className="mt-1.5 text-sm font-medium text-red-700">{fieldError("public")}</p> : null}
        </div>
        <div>
          <ChoiceChips
            label={m.court_create_indoor()}
            value={details.indoor === null ? null : details.indoor ? "indoor" : "outdoor"}
            onValueChange={(value) => set({ indoor: value === "indoor" })}
            choices={[
              { value: "outdoor", label: m.court_outdoor() },
              { value: "indoor", label: m.court_indoor() },
            ]}
          />
          {fieldError("indoor") ? <p className="mt-1.5 text-sm font-medium text-red-700">{fieldError("indoor")}</p> : null}
        </div>
        <SelectField
          label={m.court_fact_turf()}
          value={details.turf}
          onValueChange={(turf) => set({ turf: turf as Details["turf"] })}
          options={TURFS.map((turf) => ({ value: turf, label: turfLabel(turf) }))}
          placeholder={m.court_fact_turf()}
          error={fieldError("turf")}
        />
        <SelectField
          label={m.court_fact_fencing()}
          value={details.fencing}
          onValueChange={(fencing) => set({ fencing: fencing as Fencing })}
          options={COURT_FENCINGS.map((fencing) => ({ value: fencing, label: fencingLabel(fencing) }))}
          placeholder={m.court_create_fencing_unknown()}
          error={fieldError("fencing")}
        />
        <SwitchField label={m.court_fact_floodlight()} hint={m.court_create_floodlight_hint()} checked={details.floodLight} onCheckedChange={(floodLight) => set({ floodLight })} />
      </Card>

      <Card className="space-y-4">
        <Stepper label={m.court_fact_goals()} value={details.goals} min={0} max={20} onValueChange={(goals) => set({ goals })} />
        <Stepper
          label={m.court_create_min_players()}
          value={details.minPlayers}
          min={2}
          max={50}
          onValueChange={(minPlayers) => set(withMinPlayers(details, minPlayers))}
        />
        <Stepper
          label={m.court_create_max_players()}
          value={details.maxPlayers}
          min={2}
          max={50}
          onValueChange={(maxPlayers) => set(withMaxPlayers(details, maxPlayers))}
        />
        <p className="text-[14px] text-slate-600">
          {m.court_create_players_hint({ min: String(Math.ceil(details.minPlayers / 2)), max: String(Math.floor(details.maxPlayers / 2)) })}
        </p>
        {fieldError("minPlayers") ?? fieldError("maxPlayers") ? (
          <p className="text-sm font-medium text-red-700">{fieldError("minPlayers") ?? fieldError("maxPlayers")}</p>
        ) : null}
      </Card>

      <div className="space-y-3 px-1">
        {create.isError && !server.any ? <Notice tone="error">{errorMessage(create.error)}</Notice> : null}
        {!canCreateCourt(details) ? <p className="text-center text-[14px] text-slate-600">{m.court_create_needs()}</p> : null}
        <Button type="submit" size="lg" block disabled={!canCreateCourt(details)} loading={create.isPending}>
          <MapPinPlus aria-hidden className="size-5" />
          {m.court_create_submit()}
        </Button>
      </div>
    </form>
  );
}
