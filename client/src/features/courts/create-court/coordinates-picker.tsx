import { useMutation, useQuery } from "@tanstack/react-query";
import { Check, Crosshair } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MAP_DEFAULT_CENTER, MAP_HEIGHT_COMPACT, MAP_ZOOM_LIST } from "@shared/constants";
import type { TCourtListItem, TSavedLocation } from "@shared/schemas/courts";
import { Button } from "@client/components/button";
import { CourtMap } from "@client/components/map/court-map";
import { Notice } from "@client/components/notice";
import { TextField } from "@client/components/text-field";
import { appErrorCode, errorMessage, validationMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { useField } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { useCurrentRegionSlug } from "@client/features/regions/regions-query";
import { regionCourtsQueryOptions } from "../court-queries";
import { formatCoordinate, latitudeProblem, longitudeProblem, parseCoordinate } from "../court-validators";

/** Step one by coordinates: typed, or a point picked on the map over the courts around. */
export function CoordinatesPicker({ onFound, nearby }: { onFound: (location: TSavedLocation) => void; nearby: TCourtListItem[] }) {
  const latitude = useField({ validate: latitudeProblem });
  const longitude = useField({ validate: longitudeProblem });
  const check = useMutation(trpc.courts.checkGeocoords.mutationOptions());
  const [placeError, setPlaceError] = useState<unknown>(null);
  const [noPlace, setNoPlace] = useState(false);
  const server = useServerErrors({ latitude, longitude });
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
      const fields = server.take(error);
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
