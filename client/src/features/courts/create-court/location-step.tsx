import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TCourtListItem, TSavedLocation } from "@shared/schemas/courts";
import { ChoiceChips } from "@client/components/choice-chips";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { useCurrentRegionSlug } from "@client/features/regions/regions-query";
import { regionCourtsQueryOptions } from "../court-queries";
import { AddressSearch } from "./address-search";
import { CoordinatesPicker } from "./coordinates-picker";
import { FoundPlace } from "./found-place";
import { Card } from "./place-card";

function useRegionCourts(): TCourtListItem[] {
  const slug = useCurrentRegionSlug();
  const courts = useQuery({ ...regionCourtsQueryOptions(slug ?? ""), enabled: slug !== null });
  return courts.data?.courts ?? [];
}

/** Step one: find the place by address or coordinates, then see the courts already there. */
export function LocationStep({ location, onFound, onReset, onContinue }: { location: TSavedLocation | null; onFound: (l: TSavedLocation) => void; onReset: () => void; onContinue: () => void }) {
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
