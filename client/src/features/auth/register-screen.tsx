import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { AppLink } from "@client/features/shell/app-link";
import { afterLoginHref, type AuthSearch } from "./after-login";
import { AuthLayout } from "./auth-layout";
import { RegisterForm } from "./register-form";
import { RegistrationDone } from "./registration-done";

type Registered = { email: string; href: string; at: number };

/**
 * Registration (spec 001 section 2.4); the last name is asked only when a court is in the query.
 * It ends on a next step instead of a bare profile: check the inbox (with "send again"), then on to
 * where the user was going.
 */
export function RegisterScreen({ search }: { search: AuthSearch }) {
  useLocale();
  const [registered, setRegistered] = useState<Registered | null>(null);
  const loginSearch = { court: search.court, game: search.game, redirect: search.redirect };
  // The next step starts at its top, not where the long form was scrolled to.
  useEffect(() => {
    if (registered) window.scrollTo({ top: 0 });
  }, [registered]);

  if (registered) {
    return (
      <AuthLayout title={m.register_done_title()} subtitle={m.register_done_subtitle()}>
        <RegistrationDone
          email={registered.email}
          sentAt={registered.at}
          next={
            <AppLink href={registered.href} className={buttonClassName({ size: "lg", block: true })}>
              {m.register_done_continue()}
              <ArrowRight aria-hidden className="size-5" />
            </AppLink>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={m.register_title()} subtitle={m.register_subtitle()}>
      <RegisterForm
        withLastName={Boolean(search.court)}
        onRegistered={(account) => setRegistered({ email: account.email, href: afterLoginHref(search, account.id), at: Date.now() })}
        loginLink={(className) => (
          <Link to="/login" search={loginSearch} className={className}>
            {m.register_login_link()}
          </Link>
        )}
      />

      <div className="mt-8 rounded-2xl bg-slate-50 px-4 py-4 text-center text-[15px] text-slate-700">
        {m.register_have_account()}{" "}
        <Link to="/login" search={loginSearch} className="font-bold text-pitch-700 underline underline-offset-4">
          {m.register_login_link()}
        </Link>
      </div>
    </AuthLayout>
  );
}
