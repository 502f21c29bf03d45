import { Link, useNavigate } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { Notice } from "@client/components/notice";
import { INFO_SITE_URL } from "@client/lib/links";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { afterLoginHref, type AuthSearch } from "./after-login";
import { AuthLayout } from "./auth-layout";
import { LoginForm } from "./login-form";

/** Sign-in (spec 001 section 2.3): afterwards back to where the user came from. */
export function LoginScreen({ search }: { search: AuthSearch }) {
  useLocale();
  const navigate = useNavigate();
  const registerSearch = { court: search.court, game: search.game, redirect: search.redirect };

  return (
    <AuthLayout title={m.login_title()} subtitle={m.login_subtitle()}>
      <div className="mb-5 space-y-3 empty:hidden">
        {search.logout ? <Notice tone="success">{m.login_logout_notice()}</Notice> : null}
        {search.redirect && !search.logout ? <Notice tone="info">{m.login_redirect_notice()}</Notice> : null}
      </div>

      <LoginForm onSignedIn={(userId) => navigate({ href: afterLoginHref(search, userId), replace: true })} />

      <div className="mt-8 rounded-2xl bg-slate-50 px-4 py-4 text-center text-[15px] text-slate-700">
        {m.login_no_account()}{" "}
        <Link to="/register" search={registerSearch} className="inline-flex min-h-11 items-center font-bold text-pitch-700 underline underline-offset-4">
          {m.login_register_link()}
        </Link>
      </div>

      <p className="mt-6 text-center">
        <a
          href={INFO_SITE_URL}
          className="inline-flex min-h-11 items-center gap-1.5 text-[15px] font-semibold text-slate-700 underline-offset-4 hover:underline"
        >
          {m.login_info_site()}
          <ExternalLink aria-hidden className="size-4" />
        </a>
      </p>
    </AuthLayout>
  );
}
