import { ChevronRight, FileText, ReceiptText, ScrollText } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { useLocale } from "@client/lib/locale";
import { useSearchFlag } from "@client/lib/use-search-flag";
import { m } from "@client/paraglide/messages";
import { localizedText } from "../tournament-format";

/** The three texts a tournament can have; each opens by its query flag (spec 001 section 2.10: ?rules, ?cancellation, ?terms). */
export const DOCUMENTS = [
  { flag: "rules", title: () => m.tournament_rules(), icon: ScrollText, text: (t: TTournament) => [t.rules, t.rulesEn] as const },
  {
    flag: "cancellation",
    title: () => m.tournament_cancellation_policy(),
    icon: ReceiptText,
    text: (t: TTournament) => [t.cancellationPolicy, t.cancellationPolicyEn] as const,
  },
  {
    flag: "terms",
    title: () => m.tournament_terms(),
    icon: FileText,
    text: (t: TTournament) => [t.termsOfParticipation, t.termsOfParticipationEn] as const,
  },
] as const satisfies readonly { flag: string; title: () => string; icon: LucideIcon; text: (t: TTournament) => readonly [string, string | null] }[];

type Document = (typeof DOCUMENTS)[number];

function DocumentRow({ document, text }: { document: Document; text: string }) {
  const [open, setOpen] = useSearchFlag(document.flag);
  const Icon = document.icon;
  return (
    <li>
      <button
        type="button"
        onClick={() => void setOpen(true)}
        className="flex min-h-14 w-full items-center gap-3 px-4 text-left text-[16px] font-semibold text-slate-900 hover:bg-slate-50"
      >
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <span className="flex-1">{document.title()}</span>
        <ChevronRight aria-hidden className="size-5 text-slate-500" />
      </button>
      <Modal open={open} onClose={() => void setOpen(false)} title={document.title()}>
        <p className="text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-800">{text}</p>
        <Button variant="outline" block className="mt-5" onClick={() => void setOpen(false)}>
          {m.common_close()}
        </Button>
      </Modal>
    </li>
  );
}

/** Rules, cancellation policy and terms of participation in the app language (else the other), each as a row that opens its modal. */
export function TournamentDocuments({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  const rows = DOCUMENTS.map((document) => ({ document, text: localizedText(...document.text(tournament), locale) })).filter(
    (row): row is { document: Document; text: string } => row.text !== null,
  );
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="tournament-documents">
      <h2 id="tournament-documents" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        {m.tournament_documents_title()}
      </h2>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-3xl border border-slate-200">
        {rows.map(({ document, text }) => (
          <DocumentRow key={document.flag} document={document} text={text} />
        ))}
      </ul>
    </section>
  );
}
