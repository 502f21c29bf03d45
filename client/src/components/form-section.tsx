import type { ReactNode } from "react";

/** A card of a long form (game, tournament): a round icon, the section's title, its fields below one another. */
export function FormSection({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <h2 className="mb-4 flex items-center gap-2.5 text-[18px] font-extrabold tracking-tight text-slate-900">
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{icon}</span>
        {title}
      </h2>
      <div className="space-y-5">{children}</div>
    </section>
  );
}
