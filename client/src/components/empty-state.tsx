import type { ReactNode } from "react";

/** A friendly "nothing here" block with an icon, a sentence and an optional action. */
export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
      <div className="mb-3 inline-flex size-14 items-center justify-center rounded-full bg-white text-pitch-700 shadow-sm">{icon}</div>
      {children}
    </div>
  );
}
