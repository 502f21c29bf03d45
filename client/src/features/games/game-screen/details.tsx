import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CreditCard, MapPin, Navigation, Users, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { formatMoney } from "@shared/rules/money";
import type { TGame } from "@shared/schemas/games";
import { Avatar } from "@client/components/avatar";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { RegionBox } from "@client/features/regions/region-box";
import { regionQueryOptions } from "@client/features/regions/regions-query";
import { AppLink } from "@client/features/shell/app-link";
import { CourtFacts } from "../court-facts";
import { genderLabel, LEVEL_TONES, levelLabel } from "../game-format";

function Tile({ label, children, tone = "bg-slate-50 text-slate-900" }: { label: string; children: ReactNode; tone?: string }) {
  return (
    <div className={`flex min-h-20 flex-col justify-between rounded-2xl px-3 py-2.5 ${tone}`}>
      <span className="text-[12px] font-semibold tracking-wide uppercase opacity-70">{label}</span>
      <span className="mt-1 text-[16px] leading-tight font-extrabold">{children}</span>
    </div>
  );
}

/** Price, level and gender at a glance. */
export function InfoTiles({ game }: { game: TGame }) {
  const { locale } = useLocale();
  return (
    <div className="grid grid-cols-3 gap-2">
      <Tile label={m.game_tile_price()} tone={game.priceCents === 0 ? "bg-pitch-50 text-pitch-900" : "bg-slate-900 text-white"}>
        {game.priceCents === 0 ? (
          m.game_price_free()
        ) : (
          <span className="flex flex-col">
            <span className="tabular-nums">{formatMoney(game.priceCents, locale)}</span>
            <span className="mt-0.5 inline-flex items-center gap-1 text-[12px] font-semibold opacity-80">
              {game.isManagedPayment ? <CreditCard aria-hidden className="size-3.5" /> : <Wallet aria-hidden className="size-3.5" />}
              {game.isManagedPayment ? m.game_managed_payment() : m.game_cash_payment()}
            </span>
          </span>
        )}
      </Tile>
      <Tile label={m.game_tile_level()} tone={LEVEL_TONES[game.level]}>
        {levelLabel(game.level)}
      </Tile>
      <Tile label={m.game_tile_gender()} tone={game.gender === "MIXED" ? "bg-slate-50 text-slate-900" : "bg-violet-100 text-violet-950"}>
        {genderLabel(game.gender)}
      </Tile>
    </div>
  );
}

/** Who organises the game (and the organisation's logo). */
export function Organiser({ game }: { game: TGame }) {
  const creator = game.creator;
  return (
    <Link
      to="/user/$id"
      params={{ id: String(creator.id) }}
      className="flex items-center gap-3 rounded-2xl border border-slate-200 p-3 hover:bg-slate-50"
    >
      <Avatar name={creator.firstName} imageUrl={creator.profileImageUrl} size="md" alt="" />
      <div className="min-w-0 flex-1">
        <p className="text-[13px] font-semibold text-slate-600">{m.game_organised_by()}</p>
        <p className="truncate text-[17px] font-bold text-slate-900">{creator.firstName}</p>
      </div>
      {game.organization?.imageUrl ? (
        <img src={game.organization.imageUrl} alt={game.organization.name} className="size-10 shrink-0 rounded-xl object-contain" />
      ) : null}
    </Link>
  );
}

export function Description({ game }: { game: TGame }) {
  const { locale } = useLocale();
  const text = locale === "en" && game.descriptionEn ? game.descriptionEn : game.description;
  if (!text.trim()) return null;
  return (
    <section aria-labelledby="game-description">
      <h2 id="game-description" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        {m.game_description_title()}
      </h2>
      <p className="text-[16px] leading-relaxed break-words whitespace-pre-line text-slate-800">{text}</p>
    </section>
  );
}

/** The court with its facts, the route to it and its other games. */
export function CourtCard({ game }: { game: TGame }) {
  return <CourtSummary court={game.court} regionSlug={game.region.slug} />;
}

/** The court card of the game page, also for other pages held at a court (a tournament's). */
export function CourtSummary({ court, regionSlug }: { court: TGame["court"]; regionSlug: string }) {
  return (
    <section aria-labelledby="game-court">
      <h2 id="game-court" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        {m.game_court_title()}
      </h2>
      {court ? (
        <div className="overflow-hidden rounded-3xl border border-slate-200">
          <div className="p-4">
            <p className="text-[17px] font-bold text-slate-900">{court.name}</p>
            {court.address ? <p className="mt-0.5 text-[15px] text-slate-600">{court.address}</p> : null}
            <CourtFacts court={court} className="mt-3" />
          </div>
          <div className="grid grid-cols-2 border-t border-slate-200 text-[14px] font-semibold">
            <AppLink href={`/court/${court.id}`} className="flex min-h-12 items-center justify-center gap-1.5 text-pitch-700 hover:bg-pitch-50">
              <MapPin aria-hidden className="size-4" />
              {m.game_court_details()}
            </AppLink>
            <a
              href={`https://www.google.com/maps/dir/?api=1&destination=${court.latitude},${court.longitude}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-12 items-center justify-center gap-1.5 border-l border-slate-200 text-pitch-700 hover:bg-pitch-50"
            >
              <Navigation aria-hidden className="size-4" />
              {m.game_court_route()}
            </a>
          </div>
          <Link
            to="/games/$regionSlug"
            params={{ regionSlug }}
            search={{ courtId: court.id }}
            className="flex min-h-12 items-center justify-center gap-1.5 border-t border-slate-200 text-[14px] font-semibold text-slate-700 hover:bg-slate-50"
          >
            <Users aria-hidden className="size-4" />
            {m.game_court_more_games()}
          </Link>
        </div>
      ) : (
        <p className="rounded-2xl bg-slate-50 px-4 py-5 text-[15px] text-slate-700">{m.game_court_none()}</p>
      )}
    </section>
  );
}

export function GameRegionBox({ slug }: { slug: string }) {
  const { data: region } = useQuery(regionQueryOptions(slug));
  return region ? <RegionBox region={region} /> : null;
}
