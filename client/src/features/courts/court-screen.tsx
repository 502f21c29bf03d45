import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import {
  Building2,
  CalendarDays,
  CalendarPlus,
  Fence,
  Globe,
  Goal,
  KeyRound,
  Lightbulb,
  Lock,
  Map as MapIcon,
  MapPin,
  Navigation,
  PartyPopper,
  RefreshCw,
  Settings,
  SearchX,
  Trees,
  TriangleAlert,
  Users,
  X,
} from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { COURT_IMAGE, MAP_HEIGHT_COMPACT, MAP_ZOOM_SINGLE } from "@shared/constants";
import type { TCourtDetail } from "@shared/schemas/courts";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { CourtMap } from "@client/components/map/court-map";
import { useBrowserValue } from "@client/lib/hydration";
import { useLocale } from "@client/lib/locale";
import { nativePlatform } from "@client/lib/native-bridge";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { turfLabel } from "@client/features/games/court-facts";
import { GameCard } from "@client/features/games/game-card";
import { CourtImage, fencingLabel } from "./court-bits";
import { mapsServiceUrl, openStreetMapUrl, playersPerSide } from "./court-links";
import { courtGamesQueryOptions, courtQueryOptions } from "./court-queries";
import { CourtShare } from "./court-share";
import { ImageUploadField } from "./image-upload-field";
import { NotFoundState } from "@client/components/not-found-state";
import { CardPlaceholder, PagePlaceholder } from "@client/components/page-placeholder";
import { RentCourtSection } from "@client/features/bookings/rent-court-section";

function playersText(court: TCourtDetail): string | null {
  const side = playersPerSide(court.minPlayers, court.maxPlayers);
  if (!side) return null;
  if (side.min !== null && side.max !== null) {
    return side.min === side.max ? m.court_players_exact({ count: String(side.max) }) : m.court_players_range({ min: String(side.min), max: String(side.max) });
  }
  if (side.min !== null) return m.court_players_min({ min: String(side.min) });
  return m.court_players_max({ max: String(side.max) });
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl bg-slate-50 p-3">
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-pitch-700 shadow-sm">{icon}</span>
      <div className="min-w-0">
        <dt className="text-[12px] font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className="text-[15px] leading-snug font-bold text-slate-900">{value}</dd>
      </div>
    </div>
  );
}

function Warning({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="note" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p className="text-[15px] font-bold">{title}</p>
        <p className="mt-0.5 text-[14px] leading-snug">{children}</p>
      </div>
    </div>
  );
}

/** ?created=true: shown once after creating; the flag leaves the URL at once so a reload does not repeat it. */
function CreatedBanner({ courtId, created }: { courtId: number; created: boolean }) {
  const navigate = useNavigate();
  const [visible, setVisible] = useState(created);
  useEffect(() => {
    if (created) {
      setVisible(true);
      void navigate({ to: "/court/$courtId", params: { courtId: String(courtId) }, search: {}, replace: true });
    }
  }, [created, courtId, navigate]);
  if (!visible) return null;
  return (
    <div role="status" className="mx-4 mt-4 flex items-start gap-3 rounded-2xl border border-pitch-200 bg-pitch-50 p-4 text-pitch-900">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-pitch-700 shadow-sm">
        <PartyPopper aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-[16px] font-bold">{m.court_created_title()}</p>
        <p className="mt-0.5 text-[14px] leading-snug">{m.court_created_text()}</p>
      </div>
      <button
        type="button"
        onClick={() => setVisible(false)}
        aria-label={m.court_created_dismiss()}
        className="-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-pitch-800 hover:bg-pitch-100"
      >
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}

function UpcomingGames({ courtId }: { courtId: number }) {
  const games = useQuery(courtGamesQueryOptions(courtId));
  return (
    <section aria-labelledby="court-games">
      <h2 id="court-games" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        {m.court_games_title()}
      </h2>
      {games.isPending ? (
        <CardPlaceholder />
      ) : games.isError ? (
        <div className="rounded-2xl bg-slate-50 px-4 py-4 text-[15px] text-slate-700">
          <p role="alert">{m.court_games_error()}</p>
          <Button className="mt-2" variant="outline" loading={games.isFetching} onClick={() => void games.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.court_retry()}
          </Button>
        </div>
      ) : games.data.length === 0 ? (
        <EmptyState icon={<CalendarDays aria-hidden className="size-7" />}>
          <p className="text-[16px] font-semibold text-slate-800">{m.court_games_empty()}</p>
          <Link to="/create/game" search={{ courtId }} className={buttonClassName({ variant: "secondary", className: "mt-4" })}>
            <CalendarPlus aria-hidden className="size-5" />
            {m.court_create_game()}
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {games.data.map((game) => (
            <li key={game.id}>
              <GameCard game={game} showDate />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Staff only (spec 001 sections 2.7 and 6): 'Verwalten' with the court image upload. */
function ManageSection({ court }: { court: TCourtDetail }) {
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="court-manage" className="rounded-3xl border border-slate-200 bg-white p-4">
      <h2 id="court-manage" className="flex items-center gap-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        <Settings aria-hidden className="size-5 text-slate-600" />
        {m.court_manage_title()}
      </h2>
      <div className="mt-3">
        <ImageUploadField
          label={m.court_image_label()}
          hint={m.court_image_hint()}
          uploadUrl={`/api/court-image/${court.id}`}
          field="courtImage"
          maxBytes={COURT_IMAGE.maxBytes}
          shape="wide"
          currentUrl={court.imageUrl}
          onUploaded={(imageUrl) => {
            queryClient.setQueryData(courtQueryOptions(court.id).queryKey, (current) => (current ? { ...current, imageUrl } : current));
            void queryClient.invalidateQueries({ queryKey: trpc.courts.ofRegion.pathKey() });
          }}
        />
      </div>
    </section>
  );
}

function CourtDetails({ court, created }: { court: TCourtDetail; created: boolean }) {
  const players = playersText(court);
  // the phone's maps app: known in the browser only, so a page the server drew links the web map until hydrated
  const platform = useBrowserValue(() => nativePlatform() ?? "web", "web");
  const trespass = !court.public && !court.rentable;
  const reserve = !court.public && court.rentable;

  return (
    <div className="pb-28">
      <CreatedBanner courtId={court.id} created={created} />
      <div className={created ? "mt-4" : ""}>
        {court.imageUrl ? (
          <CourtImage src={court.imageUrl} alt={m.court_image_alt({ name: court.name })} className="aspect-[1.6] w-full" />
        ) : (
          <div className="flex h-28 items-end bg-gradient-to-br from-pitch-600 to-pitch-900 px-4 pb-3">
            <MapPin aria-hidden className="size-9 text-white/80" />
          </div>
        )}
      </div>

      <div className="space-y-6 px-4 pt-4">
        <header>
          <div className="flex flex-wrap gap-1.5">
            <span
              className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-[13px] font-semibold ${
                court.public ? "bg-pitch-100 text-pitch-800" : "bg-slate-800 text-white"
              }`}
            >
              {court.public ? <Globe aria-hidden className="size-3.5" /> : <Lock aria-hidden className="size-3.5" />}
              {court.public ? m.court_public_notice() : m.court_private_notice()}
            </span>
            {court.rentable ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-1 text-[13px] font-semibold text-sky-900">
                <KeyRound aria-hidden className="size-3.5" />
                {court.owner ? m.court_rentable_owner({ owner: court.owner.firstName }) : m.court_rentable()}
              </span>
            ) : null}
          </div>
          <h1 className="mt-2 text-[26px] leading-tight font-extrabold tracking-tight break-words text-slate-900">{court.name}</h1>
          {court.alternativeNames.length > 0 ? (
            <p className="mt-0.5 text-[14px] text-slate-600">{m.court_also_known({ names: court.alternativeNames.join(", ") })}</p>
          ) : null}
          {court.address ? (
            <p className="mt-1.5 flex items-start gap-1.5 text-[15px] text-slate-700">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              {court.address}
            </p>
          ) : null}
        </header>

        {trespass ? <Warning title={m.court_trespass_title()}>{m.court_trespass_text()}</Warning> : null}
        {reserve ? (
          <Warning title={m.court_reserve_title()}>
            {court.owner ? m.court_reserve_text_owner({ owner: court.owner.firstName }) : m.court_reserve_text()}
          </Warning>
        ) : null}

        <div className="grid grid-cols-2 gap-2">
          <Link to="/create/game" search={{ courtId: court.id }} className={buttonClassName({ size: "lg", className: "col-span-2" })}>
            <CalendarPlus aria-hidden className="size-5" />
            {m.court_create_game()}
          </Link>
          <a href={mapsServiceUrl(court, platform)} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "outline", className: "px-3" })}>
            <Navigation aria-hidden className="size-5 text-pitch-700" />
            {m.court_open_maps()}
          </a>
          <a href={openStreetMapUrl(court)} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "outline", className: "px-3 text-[14px]" })}>
            <MapIcon aria-hidden className="size-5 shrink-0 text-pitch-700" />
            OpenStreetMap
          </a>
        </div>

        {court.rentable ? <RentCourtSection court={court} /> : null}
        {court.rentable ? <Link to="/court-availability-calendar/$courtId" params={{ courtId: String(court.id) }} className="-mt-3 inline-flex min-h-11 items-center gap-2 text-[15px] font-semibold text-pitch-700 hover:underline"><CalendarDays aria-hidden className="size-4" />{m.bookcal_avail_link()}</Link> : null}

        <section aria-labelledby="court-facts">
          <h2 id="court-facts" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
            {m.court_facts_title()}
          </h2>
          <dl className="grid grid-cols-2 gap-2">
            <Fact icon={<Goal aria-hidden className="size-4" />} label={m.court_fact_turf()} value={court.turf ? turfLabel(court.turf) : m.court_unknown()} />
            <Fact
              icon={court.indoor ? <Building2 aria-hidden className="size-4" /> : <Trees aria-hidden className="size-4" />}
              label={m.court_fact_location()}
              value={court.indoor ? m.court_indoor_long() : m.court_outdoor_long()}
            />
            <Fact icon={<Users aria-hidden className="size-4" />} label={m.court_fact_players()} value={players ?? m.court_unknown()} />
            <Fact
              icon={<Lightbulb aria-hidden className="size-4" />}
              label={m.court_fact_floodlight()}
              value={court.floodLight === null ? m.court_unknown() : court.floodLight ? m.court_yes() : m.court_no()}
            />
            <Fact icon={<Fence aria-hidden className="size-4" />} label={m.court_fact_fencing()} value={court.fencing ? fencingLabel(court.fencing) : m.court_unknown()} />
            <Fact icon={<Goal aria-hidden className="size-4" />} label={m.court_fact_goals()} value={court.goals === null ? m.court_unknown() : String(court.goals)} />
          </dl>
        </section>

        <section aria-labelledby="court-map">
          <h2 id="court-map" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
            {m.court_map_title()}
          </h2>
          <div>
            <CourtMap
              courts={[court]}
              center={{ latitude: court.latitude, longitude: court.longitude }}
              zoom={MAP_ZOOM_SINGLE}
              height={MAP_HEIGHT_COMPACT}
              selectedId={court.id}
              label={m.court_map_single_label({ name: court.name })}
            />
          </div>
        </section>

        <section aria-labelledby="court-share">
          <h2 id="court-share" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
            {m.court_share_title()}
          </h2>
          <CourtShare courtId={court.id} name={court.name} />
        </section>

        <UpcomingGames courtId={court.id} />

        {court.viewer.canManage ? <ManageSection court={court} /> : null}

        {court.region ? (
          <Link to="/courts/$regionSlug" params={{ regionSlug: court.region.slug }} className={buttonClassName({ variant: "outline", block: true, size: "lg" })}>
            <MapPin aria-hidden className="size-5 text-pitch-700" />
            {m.court_more_in_region({ region: court.region.name })}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** 'Platz konnte nicht gefunden werden.' (spec 001 section 8). */
export function CourtNotFound() {
  useLocale();
  return <NotFoundState icon={<SearchX aria-hidden className="size-10" />} title={m.error_COURT_NOT_FOUND()} to="/courts" action={m.court_find_courts()} />;
}

/** /court/{courtId} (spec 001 sections 2.2 and 2.7): the court card and what happens on the court. */
export function CourtScreen({ courtId, created }: { courtId: number; created: boolean }) {
  useLocale();
  const court = useQuery(courtQueryOptions(courtId));
  if (court.isPending) return <PagePlaceholder />;
  if (court.isError) {
    return (
      <div className="px-4 pt-8">
        <EmptyState icon={<SearchX aria-hidden className="size-7" />}>
          <p role="alert" className="text-[16px] font-semibold text-slate-800">
            {m.court_load_error()}
          </p>
          <Button className="mt-4" variant="outline" loading={court.isFetching} onClick={() => void court.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.court_retry()}
          </Button>
        </EmptyState>
      </div>
    );
  }
  return <CourtDetails court={court.data} created={created} />;
}
