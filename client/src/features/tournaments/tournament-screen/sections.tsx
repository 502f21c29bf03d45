import { Link } from "@tanstack/react-router";
import { CalendarRange, ChevronRight, ExternalLink, MapPin, MessageCircle, MessagesSquare, Receipt, UserRound, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import type { TTournament } from "@shared/schemas/tournaments";
import { Avatar } from "@client/components/avatar";
import { useAccount } from "@client/lib/account";
import { buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { m } from "@client/paraglide/messages";
import { TeamRegistration } from "../registration/team-registration";
import { entryFeeText, localizedText, teamsText } from "../tournament-format";

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
      {children}
    </h2>
  );
}

/**
 * Registration (spec 001 section 2.10): how many teams are in, out of how many, the team form
 * (registration/team-registration.tsx) and the organiser's own sign-up link when there is one. A cancelled
 * tournament takes no teams, so it shows none of this.
 */
export function RegistrationBlock({ tournament }: { tournament: TTournament }) {
  const share = Math.min(1, tournament.teamAmount / tournament.maxTeams);
  return (
    <section aria-labelledby="tournament-registration" className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="tournament-registration" className="text-[18px] font-extrabold tracking-tight text-slate-900">
          {m.tournament_registration_title()}
        </h2>
        {tournament.full ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-[12px] font-bold text-amber-900">{m.tournament_full()}</span>
        ) : null}
      </div>
      <p className="mt-2 flex items-center gap-2 text-[16px] font-bold text-slate-900 tabular-nums" data-testid="tournament-teams">
        <UsersRound aria-hidden className="size-5 text-pitch-700" />
        {teamsText(tournament.teamAmount, tournament.maxTeams)}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={m.tournament_registration_title()}
        aria-valuemin={0}
        aria-valuemax={tournament.maxTeams}
        aria-valuenow={tournament.teamAmount}
      >
        <div className={`h-full rounded-full ${tournament.full ? "bg-amber-500" : "bg-pitch-600"}`} style={{ width: `${share * 100}%` }} />
      </div>
      <p className="mt-2 text-[14px] text-slate-600">{m.tournament_players_per_team({ count: String(tournament.maxPlayers) })}</p>
      <TeamRegistration tournament={tournament} />
      {tournament.signupUrl ? (
        <a href={tournament.signupUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "outline", size: "lg", block: true, className: "mt-3" })}>
          {m.tournament_signup_link()}
          <ExternalLink aria-hidden className="size-5" />
        </a>
      ) : null}
    </section>
  );
}

/** The entry fee in euros per player or per team; a business tournament's includes 19 % VAT and comes with an invoice (spec 001 section 2.10). */
export function EntryFee({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  return (
    <section aria-labelledby="tournament-fee" className="rounded-3xl bg-slate-900 p-4 text-white">
      <h2 id="tournament-fee" className="text-[12px] font-semibold tracking-wide uppercase opacity-70">
        {m.tournament_fee_title()}
      </h2>
      <p className="mt-1 text-[22px] font-extrabold tabular-nums">{entryFeeText(tournament, locale)}</p>
      {tournament.vatPercentIncluded ? (
        <p className="mt-1 flex items-start gap-1.5 text-[14px] leading-snug text-slate-200">
          <Receipt aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {m.tournament_vat_included({ percent: String(tournament.vatPercentIncluded) })} · {m.tournament_invoice_within_week()}
          </span>
        </p>
      ) : null}
    </section>
  );
}

/** The description in the app language, else the other one (spec 001 section 2.10). */
export function TournamentDescription({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  const text = localizedText(tournament.description, tournament.descriptionEn, locale);
  if (!text) return null;
  return (
    <section aria-labelledby="tournament-description">
      <SectionTitle id="tournament-description">{m.tournament_description_title()}</SectionTitle>
      <p className="text-[16px] leading-relaxed break-words whitespace-pre-line text-slate-800">{text}</p>
    </section>
  );
}

function LinkRow({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: (className: string, body: ReactNode) => ReactNode }) {
  const body = (
    <>
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block text-[16px] font-semibold text-slate-900">{title}</span>
        <span className="block text-[14px] leading-snug text-slate-600">{text}</span>
      </span>
    </>
  );
  return <li>{children("flex min-h-16 w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-slate-50", body)}</li>;
}

/**
 * The single-player game, the player-exchange group and the plan (spec 001 section 2.10; the plan opens
 * /tournament/{id}/plan), each only when set; the plan also when one was made in the app, and for the tournament's
 * managers always (the page where they make it, issue 29).
 */
export function TournamentLinks({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  const game = tournament.singlePlayerGame;
  // the plan: a link the organiser gave, a plan made in the app, or for its managers the way to make one
  const plan = tournament.planUrl !== null || tournament.hasPlan || tournament.viewer.canManage;
  if (!game && !tournament.whatsappGroupUrl && !plan) return null;
  const external = (href: string) => (className: string, body: ReactNode) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {body}
      <ExternalLink aria-hidden className="size-4.5 shrink-0 text-slate-500" />
    </a>
  );
  return (
    <section aria-labelledby="tournament-links">
      <SectionTitle id="tournament-links">{m.tournament_links_title()}</SectionTitle>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-3xl border border-slate-200">
        {game ? (
          <LinkRow
            icon={<UserRound aria-hidden className="size-5" />}
            title={m.tournament_link_single_player()}
            text={m.tournament_link_single_player_text({ date: `${formatShortDate(game.startTime, locale)}, ${formatTime(game.startTime, locale)}` })}
          >
            {(className, body) => (
              <Link to="/game/$id" params={{ id: String(game.id) }} className={className}>
                {body}
              </Link>
            )}
          </LinkRow>
        ) : null}
        {tournament.whatsappGroupUrl ? (
          <LinkRow icon={<MessagesSquare aria-hidden className="size-5" />} title={m.tournament_link_group()} text={m.tournament_link_group_text()}>
            {external(tournament.whatsappGroupUrl)}
          </LinkRow>
        ) : null}
        {plan ? (
          <LinkRow
            icon={<CalendarRange aria-hidden className="size-5" />}
            title={m.tournament_link_plan()}
            text={tournament.planUrl !== null || tournament.hasPlan ? m.tournament_link_plan_text() : m.tournament_link_plan_create_text()}
          >
            {(className, body) => (
              <Link to="/tournament/$id/plan" params={{ id: String(tournament.id) }} className={className}>
                {body}
                <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500" />
              </Link>
            )}
          </LinkRow>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * Who runs it: the organisation (to its page) when there is one, else the organiser (to the profile), and the chat with
 * the organiser (spec 001 section 2.10) for everybody but the organiser; a visitor signs in on the way (the chat's guard).
 */
export function TournamentOrganiser({ tournament }: { tournament: TTournament }) {
  const account = useAccount();
  const { organizer, organization } = tournament;
  const body = (
    <>
      {organization?.imageUrl ? (
        <img src={organization.imageUrl} alt="" className="size-12 shrink-0 rounded-xl object-contain" />
      ) : (
        <Avatar name={organization?.name ?? organizer.firstName} imageUrl={organization ? null : organizer.profileImageUrl} size="md" alt="" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-[13px] font-semibold text-slate-600">{m.tournament_organised_by()}</p>
        <p className="truncate text-[17px] font-bold text-slate-900">{organization?.name ?? organizer.firstName}</p>
      </div>
    </>
  );
  const className = "flex items-center gap-3 rounded-2xl border border-slate-200 p-3 hover:bg-slate-50";
  return (
    <div className="space-y-2">
      {organization ? (
        <Link to="/org/$id" params={{ id: String(organization.id) }} className={className}>
          {body}
        </Link>
      ) : (
        <Link to="/user/$id" params={{ id: String(organizer.id) }} className={className}>
          {body}
        </Link>
      )}
      {account?.id === organizer.id ? null : (
        <Link to="/user/$id/chat" params={{ id: String(organizer.id) }} className={buttonClassName({ variant: "outline", block: true })}>
          <MessageCircle aria-hidden className="size-5" />
          {m.tournament_message_organiser({ name: organizer.firstName })}
        </Link>
      )}
    </div>
  );
}

/** A place the organiser named instead of a court from the list. */
export function LocationCard({ name }: { name: string }) {
  return (
    <section aria-labelledby="tournament-place">
      <SectionTitle id="tournament-place">{m.tournament_place_title()}</SectionTitle>
      <p className="flex items-center gap-3 rounded-3xl border border-slate-200 p-4 text-[17px] font-bold text-slate-900">
        <MapPin aria-hidden className="size-5 shrink-0 text-pitch-700" />
        {name}
      </p>
    </section>
  );
}
