import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BadgeCheck, CircleExclamationPoint, Crown, LogOut, MapPin, MessageCircle, Pencil, ShieldCheck, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@client/components/avatar";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useSignOut } from "@client/features/auth/use-sign-out";
import { AppLink } from "@client/features/shell/app-link";
import { UserGames } from "./user-games";
import { userQueryOptions } from "./user-queries";
import { intlLocale } from "@client/lib/intl-locale";

const BADGE_TONES = {
  green: "bg-pitch-50 text-pitch-800 ring-pitch-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  violet: "bg-violet-50 text-violet-900 ring-violet-200",
  slate: "bg-slate-100 text-slate-800 ring-slate-200",
  red: "bg-red-50 text-red-800 ring-red-200",
} as const;

function Badge({ icon, tone, children }: { icon: ReactNode; tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <li className={`inline-flex min-h-8 items-center gap-1.5 rounded-full px-3 py-1 text-[14px] font-semibold ring-1 ${BADGE_TONES[tone]}`}>
      {icon}
      {children}
    </li>
  );
}

/**
 * Public profile /user/{id} (spec 001 section 2.6): picture, name, badges; on the own profile edit
 * and sign out, on others a direct message; hosted, attended and (own) waiting-list games.
 */
export function UserScreen({ userId, noNextGame = false }: { userId: number; noNextGame?: boolean }) {
  const { locale } = useLocale();
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  const account = useAccount();
  const { signOut, pending } = useSignOut();
  const isOwn = account?.id === user.id;
  const memberSince = new Intl.DateTimeFormat(intlLocale(locale), { month: "long", year: "numeric" }).format(user.createdAt);

  return (
    <div className="pb-6">
      <div className="relative h-28 bg-gradient-to-br from-pitch-600 to-pitch-900">
        <svg aria-hidden viewBox="0 0 400 112" preserveAspectRatio="none" className="absolute inset-0 size-full text-white/10">
          <line x1="200" y1="0" x2="200" y2="112" stroke="currentColor" strokeWidth="2" />
          <circle cx="200" cy="56" r="34" fill="none" stroke="currentColor" strokeWidth="2" />
          <rect x="-2" y="26" width="48" height="60" fill="none" stroke="currentColor" strokeWidth="2" />
          <rect x="354" y="26" width="48" height="60" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </div>
      <div className="relative -mt-12 px-5">
        <div className="inline-block rounded-full bg-white p-1 shadow-md">
          <Avatar name={user.firstName} imageUrl={user.profileImageUrl} size="lg" alt={m.user_avatar_alt({ name: user.firstName })} />
        </div>
        <h1 className="mt-3 text-[28px] leading-tight font-extrabold tracking-tight text-slate-900">{user.firstName}</h1>
        <p className="mt-1 text-[15px] text-slate-600">{m.user_member_since({ date: memberSince })}</p>

        <ul aria-label={m.user_badges_label()} className="mt-4 flex flex-wrap gap-2">
          {user.isAdmin ? (
            <Badge tone="violet" icon={<ShieldCheck aria-hidden className="size-4" />}>
              {m.user_badge_admin()}
            </Badge>
          ) : null}
          {user.isCommunityManager ? (
            <Badge tone="amber" icon={<Sparkles aria-hidden className="size-4" />}>
              {m.user_badge_community_manager()}
            </Badge>
          ) : null}
          {user.headedRegions.map((region) => (
            <Badge key={region.id} tone="amber" icon={<Crown aria-hidden className="size-4" />}>
              {m.user_badge_region_head({ region: region.name })}
            </Badge>
          ))}
          {user.region ? (
            <Badge tone="slate" icon={<MapPin aria-hidden className="size-4" />}>
              {user.region.name}
            </Badge>
          ) : null}
          {user.emailVerified ? (
            <Badge tone="green" icon={<BadgeCheck aria-hidden className="size-4" />}>
              {m.user_email_verified()}
            </Badge>
          ) : (
            <Badge tone="red" icon={<CircleExclamationPoint aria-hidden className="size-4" />}>
              {m.user_email_not_verified()}
            </Badge>
          )}
        </ul>

        {noNextGame ? (
          <div className="mt-5">
            <Notice tone="info">{m.user_no_next_game({ name: user.firstName })}</Notice>
          </div>
        ) : null}

        {isOwn ? (
          <section aria-labelledby="own-profile" className="mt-8 rounded-3xl border border-slate-200 p-5">
            <h2 id="own-profile" className="text-[17px] font-bold text-slate-900">
              {m.user_own_profile()}
            </h2>
            <p className="mt-1 truncate text-[15px] text-slate-600">{account?.email}</p>
            <div className="mt-4 flex flex-col gap-2">
              <Link to="/profile" className={buttonClassName({ block: true })}>
                <Pencil aria-hidden className="size-5" />
                {m.user_edit_profile()}
              </Link>
              <Button variant="danger" block loading={pending} onClick={() => void signOut()}>
                <LogOut aria-hidden className="size-5" />
                {m.user_logout()}
              </Button>
            </div>
          </section>
        ) : (
          // A direct chat with this user (/user/{id}/chat asks a visitor to sign in first).
          <AppLink href={`/user/${user.id}/chat`} className={buttonClassName({ block: true, className: "mt-6" })}>
            <MessageCircle aria-hidden className="size-5" />
            {m.user_message()}
          </AppLink>
        )}

        <UserGames key={`hosted-${user.id}`} userId={user.id} kind="hosted" />
        <UserGames key={`attended-${user.id}`} userId={user.id} kind="attended" />
        {isOwn ? <UserGames key={`queue-${user.id}`} userId={user.id} kind="queue" /> : null}
      </div>
    </div>
  );
}
