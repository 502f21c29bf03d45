import type { ReactNode } from "react";

export type LegalSection = { heading: string; body: ReactNode };

/** Plain, readable frame for the legal pages. */
export function LegalPage({ title, intro, sections }: { title: string; intro?: string; sections: LegalSection[] }) {
  return (
    <article className="px-5 pt-7 pb-8">
      <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-slate-900">{title}</h1>
      {intro ? <p className="mt-3 text-[16px] leading-relaxed text-slate-700">{intro}</p> : null}
      <div className="mt-6 space-y-6">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-[18px] font-bold text-slate-900">{section.heading}</h2>
            <div className="mt-2 space-y-2 text-[16px] leading-relaxed whitespace-pre-line text-slate-700">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
