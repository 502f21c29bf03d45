import { BallIcon } from "@client/components/ball-icon";
import type { ReactNode } from "react";

/** Shared frame of the sign-in and registration screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="px-5 pt-7 pb-6">
      <div className="mb-6">
        <div className="mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-pitch-600 text-pitch-900 shadow-md shadow-pitch-900/20">
          <BallIcon className="size-9" />
        </div>
        <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1.5 text-[16px] text-slate-700">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}
