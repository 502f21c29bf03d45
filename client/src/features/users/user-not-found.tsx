import { Link } from "@tanstack/react-router";
import { UserRoundX } from "lucide-react";
import { buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** 'Spieler konnte nicht gefunden werden.' (spec 001 section 8). */
export function UserNotFound() {
  useLocale();
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <UserRoundX aria-hidden className="size-10" />
      </div>
      <h1 className="text-xl font-extrabold text-slate-900">{m.error_USER_NOT_FOUND()}</h1>
      <Link to="/" className={buttonClassName({ className: "mt-6" })}>
        {m.not_found_home()}
      </Link>
    </div>
  );
}
