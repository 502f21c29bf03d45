import { Link } from "@tanstack/react-router";
import { ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { m } from "@client/paraglide/messages";

/**
 * A page the viewer may not see or use (a game's manage pages, a tournament's edit form, teams overview and
 * channel): a round shield, the refusal as title, the way back (`back` renders its link with the given class) and,
 * when nobody is signed in, "Anmelden" returning to `signInRedirect`.
 */
export function NoPermission({ title, back, signInRedirect }: { title: string; back: (className: string) => ReactNode; signInRedirect: string }) {
  const account = useAccount();
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center" data-testid="no-permission">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-red-50 text-red-700">
        <ShieldX aria-hidden className="size-10" />
      </div>
      <h1 className="max-w-sm text-xl font-extrabold text-slate-900">{title}</h1>
      <div className="mt-6 flex flex-col items-center gap-2">
        {back(buttonClassName())}
        {account ? null : (
          <Link to="/login" search={{ redirect: signInRedirect }} className={buttonClassName({ variant: "ghost" })}>
            {m.menu_sign_in()}
          </Link>
        )}
      </div>
    </div>
  );
}
