import { m } from "@client/paraglide/messages";

/** `step` null: the verify prompt, before the two steps. */
export function Header({ step }: { step: 1 | 2 | null }) {
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
      {step ? <p className="text-[13px] font-bold tracking-wide text-pitch-700 uppercase">{m.court_create_step({ step: String(step) })}</p> : null}
      <h1 className="mt-1 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.court_create_title()}</h1>
      {step ? (
        <>
          <p className="mt-1 text-[16px] text-slate-700">{step === 1 ? m.court_create_step1() : m.court_create_step2()}</p>
          <div aria-hidden className="mt-3 grid grid-cols-2 gap-1.5">
            <span className="h-1.5 rounded-full bg-pitch-600" />
            <span className={`h-1.5 rounded-full ${step === 2 ? "bg-pitch-600" : "bg-slate-200"}`} />
          </div>
        </>
      ) : null}
    </div>
  );
}
