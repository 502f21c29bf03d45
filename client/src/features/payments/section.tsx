import type { ReactNode } from "react";

/** A titled card of the onboarding screen. */
export function Section({ icon, title, labelId, children }: { icon: ReactNode; title: string; labelId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelId} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-xs">
      <h2 id={labelId} className="mb-3 flex items-center gap-2.5 text-[17px] font-bold text-slate-900">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}
