import { useNavigate } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import type { TSavedLocation } from "@shared/schemas/courts";
import { Button } from "@client/components/button";
import { m } from "@client/paraglide/messages";
import { CourtListRow } from "../court-bits";
import { Card, PlaceLine } from "./place-card";

/** Step one, answered: the place found and the courts already there ("is it one of these?"). */
export function FoundPlace({ location, onContinue, onReset, locale }: { location: TSavedLocation; onContinue: () => void; onReset: () => void; locale: string }) {
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
