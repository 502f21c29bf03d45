import { CircleCheck, CircleExclamationPoint, Info } from "lucide-react";
import type { ReactNode } from "react";

type Tone = "info" | "success" | "error";

const TONES: Record<Tone, string> = {
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-pitch-200 bg-pitch-50 text-pitch-800",
  error: "border-red-200 bg-red-50 text-red-800",
};

const ICONS = { info: Info, success: CircleCheck, error: CircleExclamationPoint } as const;

/** A short inline message; errors are announced at once, the others politely. */
export function Notice({ tone, children }: { tone: Tone; children: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-2xl border px-4 py-3 text-[15px] leading-snug ${TONES[tone]}`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
