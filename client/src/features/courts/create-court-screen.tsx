import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, Check, Crosshair, MapPin, MapPinPlus, Plus, Search, Trash2 } from "lucide-react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { COURT_FENCINGS, MAP_DEFAULT_CENTER, MAP_HEIGHT_COMPACT, MAP_ZOOM_LIST, TURFS } from "@shared/constants";
import type { TCourtListItem, TCreateCourtInput, TPlace, TSavedLocation } from "@shared/schemas/courts";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { CourtMap } from "@client/components/map/court-map";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { Stepper } from "@client/components/stepper";
import { SwitchField } from "@client/components/switch-field";
import { TextField } from "@client/components/text-field";
import { appErrorCode, errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { m } from "@client/paraglide/messages";
import { EmailVerification } from "@client/features/account/email-verification";
import { turfLabel } from "@client/features/games/court-facts";
import { useCurrentRegionSlug } from "@client/features/regions/regions-query";
import { CourtListRow, fencingLabel } from "./court-bits";
import { regionCourtsQueryOptions } from "./court-queries";
import { courtNameProblem, formatCoordinate, latitudeProblem, longitudeProblem, parseCoordinate } from "./court-validators";
import { useDebounced } from "@client/lib/use-debounced";

/** spec 001 section 5: a repeatable input allows up to 3 rows. */
const ALTERNATIVE_NAMES_MAX = 3;
const PLACE_SEARCH_DEBOUNCE_MS = 500;

type Fencing = (typeof COURT_FENCINGS)[number];


/** `step` null: the verify prompt, before the two steps. */
function Header({ step }: { step: 1 | 2 | null }) {
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
      {step ? <p className="text-[13px] font-bold tracking-wide text-pitch-700 uppercase">{m.court_create_step({ step: String(step) })}</p> : null}
      <h1 className="mt-1 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.court_create_title()}</h1>
      {step ? (
        <>
          <p className="mt-1 text-[16px] text-slate-700">{step === 1 ? m.court_create_step1() : m.court_create_step2()}</p>
          <div aria-hidden className="mt-3 grid grid-cols-2 gap-1.5">
            <span className="h-1.5 rounded-full bg-pitch-600" />
            <span className={`h-1.5 rounded-full ${step === 2 ? "bg-pitch-600" : "bg-slate-200"}`} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-3xl border border-slate-200 bg-white p-4 ${className}`}>{children}</div>;
}

function PlaceLine({ place }: { place: TPlace }) {
  return (
    <div className="flex items-start gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
        <MapPin aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        {place.name ? <p className="text-[16px] font-bold text-slate-900">{place.name}</p> : null}
        <p className={place.name ? "text-[14px] text-slate-700" : "text-[16px] font-bold text-slate-900"}>{place.address}</p>
        <p className="mt-0.5 text-[13px] text-slate-500 tabular-nums">
          {formatCoordinate(place.latitude)}, {formatCoordinate(place.longitude)}
        </p>
      </div>
    </div>
  );
}

/** Step one, answered: the place found and the courts already there ("is it one of these?"). */
function FoundPlace({ location, onContinue, onReset, locale }: { location: TSavedLocation; onContinue: () => void; onReset: () => void; locale: string }) {
  const navigate = useNavigate();
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="mb-2 text-[17px] font-bold text-slate-900">{m.court_create_found()}</h2>
        <PlaceLine place={location.place} />
      </div>
      {location.courts.length > 0 ? (
        <div>
          <h3 className="text-[15px] font-bold text-slate-900">{m.court_create_existing_title()}</h3>
          <p className="mb-2 text-[14px] text-slate-600">{m.court_create_existing_text()}</p>
          <ul className="space-y-2">
            {location.courts.map((court) => (
              <li key={court.id}>
                <CourtListRow
                  court={court}
                  locale={locale}
                  selected={false}
                  onSelect={() => void navigate({ to: "/court/$courtId", params: { courtId: String(court.id) } })}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <Button size="lg" block onClick={onContinue}>
          {location.courts.length > 0 ? m.court_create_continue_anyway() : m.court_create_continue()}
          <ArrowRight aria-hidden className="size-5" />
        </Button>
        <Button variant="ghost" block onClick={onReset}>
          {m.court_create_other_place()}
        </Button>
      </div>
    </Card>
  );
}

function AddressSearch({ onFound }: { onFound: (location: TSavedLocation) => void }) {
  const [address, setAddress] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const query = useDebounced(address.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const places = useQuery({ ...trpc.courts.searchPlaces.queryOptions({ query }), enabled: query.length >= 3, staleTime: 5 * 60_000, retry: false });
  const check = useMutation(trpc.courts.checkAddress.mutationOptions());
  const save = useMutation(trpc.courts.saveOsmPlace.mutationOptions());
  const [generalError, setGeneralError] = useState<unknown>(null);

  function fail(error: unknown) {
    const code = appErrorCode(error);
    const fields = fieldErrorCodes(error);
    if (code === "GEOCODE_ADDRESS_INVALID" || code === "ADDRESS_NOT_FOUND") {
      setFieldError(errorMessage(error));
      setGeneralError(null);
    } else if (fields.address) {
      setFieldError(validationMessage(fields.address));
      setGeneralError(null);
    } else setGeneralError(error);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setGeneralError(null);
    if (!address.trim()) {
      setFieldError(m.validation_address_required());
      return;
    }
    try {
      onFound(await check.mutateAsync({ address: address.trim() }));
    } catch (error) {
      fail(error);
    }
  }

  async function pick(osmId: string) {
    setFieldError(null);
    setGeneralError(null);
    try {
      onFound(await save.mutateAsync({ osmId }));
    } catch (error) {
      fail(error);
    }
  }

  const suggestions = query.length >= 3 ? (places.data ?? []).filter((place) => place.osmId !== null).slice(0, 5) : [];
  return (
    <form noValidate onSubmit={submit} className="space-y-3" role="search">
      <TextField
        label={m.court_create_address()}
        value={address}
        onValueChange={(value) => {
          setAddress(value);
          setFieldError(null);
        }}
        placeholder={m.court_create_address_placeholder()}
        autoComplete="street-address"
        enterKeyHint="search"
        error={fieldError}
        hint={m.court_create_address_hint()}
      />
      <Button type="submit" block size="lg" loading={check.isPending}>
        <Search aria-hidden className="size-5" />
        {m.court_create_search()}
      </Button>
      {generalError ? <Notice tone="error">{errorMessage(generalError)}</Notice> : null}
      {suggestions.length > 0 ? (
        <div>
          <h3 className="mb-1.5 text-sm font-bold tracking-wide text-slate-600 uppercase">{m.court_create_suggestions()}</h3>
          <ul className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {suggestions.map((place) => (
              <li key={place.osmId} className="border-b border-slate-100 last:border-b-0">
                <button
                  type="button"
                  disabled={save.isPending}
                  onClick={() => place.osmId && void pick(place.osmId)}
                  className="flex min-h-14 w-full items-center gap-3 px-3.5 py-2.5 text-left hover:bg-pitch-50 disabled:opacity-60"
                >
                  <MapPin aria-hidden className="size-5 shrink-0 text-pitch-700" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-[15px] font-semibold text-slate-900">{place.name ?? place.address}</span>
                    {place.name ? <span className="block truncate text-[13px] text-slate-600">{place.address}</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}

function CoordinatesPicker({ onFound, nearby }: { onFound: (location: TSavedLocation) => void; nearby: TCourtListItem[] }) {
  const latitude = useField({ validate: latitudeProblem });
  const longitude = useField({ validate: longitudeProblem });
  const check = useMutation(trpc.courts.checkGeocoords.mutationOptions());
  const [placeError, setPlaceError] = useState<unknown>(null);
  const [noPlace, setNoPlace] = useState(false);
  const region = useRegionCentre();
  const picked =
    latitude.valid && longitude.valid ? { latitude: parseCoordinate(latitude.value) ?? 0, longitude: parseCoordinate(longitude.value) ?? 0 } : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPlaceError(null);
    setNoPlace(false);
    const ok = [latitude.check(), longitude.check()].every(Boolean);
    if (!ok || !picked) return;
    try {
      onFound(await check.mutateAsync(picked));
    } catch (error) {
      // No place there (the sea, swapped values): the spec's sentence under both fields (spec 001 section 8).
      if (appErrorCode(error) === "GEOCODE_COORDINATES_INVALID") {
        setNoPlace(true);
        return;
      }
      const fields = fieldErrorCodes(error);
      if (fields.latitude) latitude.setErrorCode(fields.latitude);
      if (fields.longitude) longitude.setErrorCode(fields.longitude);
      if (!fields.latitude && !fields.longitude) setPlaceError(error);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <div>
        <CourtMap
          courts={nearby}
          center={picked ?? region}
          zoom={MAP_ZOOM_LIST}
          height={MAP_HEIGHT_COMPACT}
          pickedPoint={picked}
          onPick={(point) => {
            setPlaceError(null);
            setNoPlace(false);
            latitude.onValueChange(formatCoordinate(point.latitude));
            longitude.onValueChange(formatCoordinate(point.longitude));
          }}
          label={m.court_create_map_label()}
        />
      </div>
      <p className="flex items-center gap-1.5 text-[14px] text-slate-600">
        <Crosshair aria-hidden className="size-4 shrink-0" />
        {m.court_create_map_hint()}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={m.court_create_latitude()}
          value={latitude.value}
          onValueChange={(value) => {
            setPlaceError(null);
            setNoPlace(false);
            latitude.onValueChange(value);
          }}
          onBlur={latitude.onBlur}
          error={latitude.errorCode ? validationMessage(latitude.errorCode) : null}
          aria-invalid={latitude.errorCode || noPlace ? true : undefined}
          inputMode="decimal"
          placeholder="52.520008"
          autoComplete="off"
        />
        <TextField
          label={m.court_create_longitude()}
          value={longitude.value}
          onValueChange={(value) => {
            setPlaceError(null);
            setNoPlace(false);
            longitude.onValueChange(value);
          }}
          onBlur={longitude.onBlur}
          error={longitude.errorCode ? validationMessage(longitude.errorCode) : null}
          aria-invalid={longitude.errorCode || noPlace ? true : undefined}
          inputMode="decimal"
          placeholder="13.404954"
          autoComplete="off"
        />
      </div>
      {noPlace ? (
        <p id="coordinates-no-place" role="alert" className="-mt-1 text-sm font-medium text-red-700">
          {m.error_GEOCODE_COORDINATES_INVALID()}
        </p>
      ) : null}
      {placeError ? <Notice tone="error">{errorMessage(placeError)}</Notice> : null}
      <Button type="submit" block size="lg" loading={check.isPending}>
        <Check aria-hidden className="size-5" />
        {m.court_create_check_point()}
      </Button>
    </form>
  );
}

/** The map opens over the current city, else over the spec's default centre (spec 001 section 9). */
function useRegionCentre() {
  const slug = useCurrentRegionSlug();
  const courts = useQuery({ ...regionCourtsQueryOptions(slug ?? ""), enabled: slug !== null });
  const region = courts.data?.region;
  return region ? { latitude: region.latitude, longitude: region.longitude } : MAP_DEFAULT_CENTER;
}

function useRegionCourts(): TCourtListItem[] {
  const slug = useCurrentRegionSlug();
  const courts = useQuery({ ...regionCourtsQueryOptions(slug ?? ""), enabled: slug !== null });
  return courts.data?.courts ?? [];
}

function LocationStep({ location, onFound, onReset, onContinue }: { location: TSavedLocation | null; onFound: (l: TSavedLocation) => void; onReset: () => void; onContinue: () => void }) {
  const { locale } = useLocale();
  const [mode, setMode] = useState<"address" | "coordinates">("address");
  const nearby = useRegionCourts();
  return (
    <div className="space-y-4 px-3 pb-6">
      {location ? (
        <FoundPlace location={location} locale={locale} onContinue={onContinue} onReset={onReset} />
      ) : (
        <Card className="space-y-4">
          <ChoiceChips
            label={m.court_create_mode()}
            value={mode}
            onValueChange={setMode}
            choices={[
              { value: "address", label: m.court_create_mode_address() },
              { value: "coordinates", label: m.court_create_mode_coordinates() },
            ]}
          />
          {mode === "address" ? <AddressSearch onFound={onFound} /> : <CoordinatesPicker onFound={onFound} nearby={nearby} />}
        </Card>
      )}
    </div>
  );
}

type Details = {
  name: string;
  alternativeNames: string[];
  isPublic: boolean | null;
  indoor: boolean | null;
  turf: (typeof TURFS)[number];
  floodLight: boolean;
  goals: number;
  fencing: Fencing | "";
  minPlayers: number;
  maxPlayers: number;
};

const INITIAL_DETAILS: Details = {
  name: "",
  alternativeNames: [],
  isPublic: null,
  indoor: null,
  // spec 001 section 2.7: turf defaults to TT
  turf: "TT",
  floodLight: false,
  goals: 2,
  fencing: "",
  minPlayers: 6,
  maxPlayers: 14,
};

/** spec 001 section 2.7: create is enabled only when name, public/private and indoor/outdoor are chosen. */
export function canCreateCourt(details: Pick<Details, "name" | "isPublic" | "indoor">): boolean {
  return courtNameProblem(details.name) === null && details.isPublic !== null && details.indoor !== null;
}

function createInput(details: Details): TCreateCourtInput & { public: boolean; indoor: boolean } {
  return {
    name: details.name.trim(),
    alternativeNames: details.alternativeNames.map((name) => name.trim()).filter(Boolean),
    public: details.isPublic ?? false,
    indoor: details.indoor ?? false,
    turf: details.turf,
    floodLight: details.floodLight,
    goals: details.goals,
    fencing: details.fencing || null,
    minPlayers: details.minPlayers,
    maxPlayers: details.maxPlayers,
  };
}

function DetailsStep({
  location,
  onBack,
  details,
  setDetails,
}: {
  location: TSavedLocation;
  onBack: () => void;
  details: Details;
  setDetails: (update: (current: Details) => Details) => void;
}) {
  const navigate = useNavigate();
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [nameTouched, setNameTouched] = useState(false);
  const create = useMutation(trpc.courts.create.mutationOptions());
  const set = (change: Partial<Details>) => {
    setDetails((current) => ({ ...current, ...change }));
    setServerFields({});
  };
  const fieldError = (name: string) => (serverFields[name] ? validationMessage(serverFields[name]) : null);
  const nameProblem = nameTouched ? courtNameProblem(details.name) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNameTouched(true);
    if (!canCreateCourt(details)) return;
    try {
      const { id } = await create.mutateAsync(createInput(details));
      // spec 001 section 2.2 names the flag as ?created=true (the app's own flags are bare, e.g. /game/1?created).
      await navigate({ href: `/court/${id}?created=true` });
    } catch (error) {
      // The entered data stays; field problems go to their fields.
      setServerFields(fieldErrorCodes(error));
    }
  }

  const altNameError = fieldError("alternativeNames");
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
          onValueChange={(minPlayers) => set({ minPlayers, maxPlayers: Math.max(minPlayers, details.maxPlayers) })}
        />
        <Stepper
          label={m.court_create_max_players()}
          value={details.maxPlayers}
          min={2}
          max={50}
          onValueChange={(maxPlayers) => set({ maxPlayers, minPlayers: Math.min(maxPlayers, details.minPlayers) })}
        />
        <p className="text-[14px] text-slate-600">
          {m.court_create_players_hint({ min: String(Math.ceil(details.minPlayers / 2)), max: String(Math.floor(details.maxPlayers / 2)) })}
        </p>
        {fieldError("minPlayers") ?? fieldError("maxPlayers") ? (
          <p className="text-sm font-medium text-red-700">{fieldError("minPlayers") ?? fieldError("maxPlayers")}</p>
        ) : null}
      </Card>

      <div className="space-y-3 px-1">
        {create.isError && Object.keys(serverFields).length === 0 ? <Notice tone="error">{errorMessage(create.error)}</Notice> : null}
        {!canCreateCourt(details) ? <p className="text-center text-[14px] text-slate-600">{m.court_create_needs()}</p> : null}
        <Button type="submit" size="lg" block disabled={!canCreateCourt(details)} loading={create.isPending}>
          <MapPinPlus aria-hidden className="size-5" />
          {m.court_create_submit()}
        </Button>
      </div>
    </form>
  );
}

/**
 * /court/create (spec 001 section 2.7): a verified e-mail first (otherwise the verification prompt),
 * then step one picks the place (address, OpenStreetMap place or coordinates on a map) and step two
 * the details. The server keeps the place of step one for the viewer.
 */
export function CreateCourtScreen({ account }: { account: TMyAccount }) {
  useLocale();
  const [location, setLocation] = useState<TSavedLocation | null>(null);
  const [step, setStep] = useState<1 | 2>(1);
  // Lives here, so going back to change the place keeps what was typed.
  const [details, setDetails] = useState<Details>(INITIAL_DETAILS);

  // Braces: Chromium's scrollTo may return a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  if (!account.emailVerifiedAt) {
    return (
      <div className="pb-6">
        <Header step={null} />
        <div className="space-y-4 px-3">
          <Notice tone="info">{m.court_create_verify_needed()}</Notice>
          <EmailVerification account={account} />
          <Link to="/courts" className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50">
            <ArrowLeft aria-hidden className="size-4" />
            {m.court_find_courts()}
          </Link>
        </div>
      </div>
    );
  }

  if (step === 2 && location) {
    return (
      <div className="pb-6">
        <Header step={2} />
        <DetailsStep location={location} onBack={() => setStep(1)} details={details} setDetails={setDetails} />
      </div>
    );
  }
  return (
    <div className="pb-6">
      <Header step={1} />
      <LocationStep
        location={location}
        onFound={setLocation}
        onReset={() => setLocation(null)}
        onContinue={() => {
          // A named place (a park, a sports ground) suggests the court's name.
          if (location?.place.name) setDetails((current) => (current.name ? current : { ...current, name: location.place.name ?? "" }));
          setStep(2);
        }}
      />
    </div>
  );
}
