import { Link } from "@tanstack/react-router";
import { ChevronRight, UserRound } from "lucide-react";
import type { TMyAccount } from "@shared/schemas/users";
import { buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { Section } from "./section";
import { intlLocale } from "@client/lib/intl-locale";

/** "1992-09-03" as the reader writes dates. */
function formatBirthDate(day: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-2.5 last:border-b-0">
      <dt className="shrink-0 text-[15px] text-slate-600">{label}</dt>
      {value ? (
        <dd className="min-w-0 truncate text-right text-[16px] font-semibold text-slate-900">{value}</dd>
      ) : (
        <dd className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-700">{m.onboarding_value_missing()}</dd>
      )}
    </div>
  );
}

/**
 * The read-only personal data of the onboarding (spec 001 section 2.9): first name, last name, date
 * of birth, each flagged when missing, and the way to /profile?payments-onboarding to change them.
 */
export function PersonalDataBlock({ account }: { account: TMyAccount }) {
  const { locale } = useLocale();
  return (
    <Section icon={<UserRound aria-hidden className="size-5" />} title={m.onboarding_personal_title()} labelId="onboarding-personal">
      <p className="-mt-1 mb-2 text-[15px] leading-snug text-slate-600">{m.onboarding_personal_hint()}</p>
      <dl>
        <Row label={m.field_first_name()} value={account.firstName || null} />
        <Row label={m.field_last_name()} value={account.lastName || null} />
        <Row label={m.field_date_of_birth()} value={account.dateOfBirth ? formatBirthDate(account.dateOfBirth, locale) : null} />
      </dl>
      <Link to="/profile" search={{ "payments-onboarding": true }} className={buttonClassName({ variant: "outline", block: true, className: "mt-4" })}>
        {m.onboarding_personal_edit()}
        <ChevronRight aria-hidden className="size-5" />
      </Link>
    </Section>
  );
}
