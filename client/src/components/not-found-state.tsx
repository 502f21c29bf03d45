import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { buttonClassName } from "@client/components/button";

/** A page whose object does not exist: a round icon, the title (the spec's 'konnte nicht gefunden werden' text), an optional line and one way on. */
export function NotFoundState({ icon, title, text, to, action }: { icon: ReactNode; title: string; text?: string; to: "/" | "/courts" | "/court-bookings" | "/tournaments"; action: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-slate-100 text-slate-600">{icon}</div>
      <h1 className="text-xl font-extrabold text-slate-900">{title}</h1>
      {text ? <p className="mt-2 max-w-sm text-[16px] text-slate-700">{text}</p> : null}
      <Link to={to} className={buttonClassName({ className: "mt-6" })}>
        {action}
      </Link>
    </div>
  );
}
