import { useMutation, useQuery } from "@tanstack/react-query";
import { MapPin, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { TSavedLocation } from "@shared/schemas/courts";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { TextField } from "@client/components/text-field";
import { appErrorCode, errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { useDebounced } from "@client/lib/use-debounced";
import { useMessageCatalogue } from "@client/lib/messages";
import { m } from "@client/paraglide/messages";

const PLACE_SEARCH_DEBOUNCE_MS = 500;

/** Step one by address: a typed address, or a place the search suggests (OpenStreetMap). */
export function AddressSearch({ onFound }: { onFound: (location: TSavedLocation) => void }) {
  useMessageCatalogue();
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
