import { Link } from "@tanstack/react-router";
import { CircleCheck, Hourglass } from "lucide-react";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { m } from "@client/paraglide/messages";

/**
 * After joining (spec 000 section 4): the texts differ for the waiting list; a guest is warned that
 * the participation lives only in this browser and offered sign-in or registration, which attach it.
 */
export function JoinSuccessModal({
  gameId,
  result,
  onClose,
}: {
  gameId: number;
  /** position: the place on the waiting list it got */
  result: { queue: boolean; guest: boolean; position?: number } | null;
  onClose: () => void;
}) {
  const queue = result?.queue ?? false;
  const search = { redirect: `/game/${gameId}` };
  return (
    <Modal open={result !== null} onClose={onClose} title={queue ? m.join_success_queue_title() : m.join_success_title()} hideTitle>
      <div className="flex flex-col items-center text-center">
        <span className={`inline-flex size-16 items-center justify-center rounded-full ${queue ? "bg-amber-100 text-amber-700" : "bg-pitch-100 text-pitch-700"}`}>
          {queue ? <Hourglass aria-hidden className="size-8" /> : <CircleCheck aria-hidden className="size-8" />}
        </span>
        <p aria-hidden className="mt-3 text-[22px] font-extrabold tracking-tight text-slate-900">
          {queue ? m.join_success_queue_title() : m.join_success_title()}
        </p>
        <p className="mt-1.5 text-[15px] leading-relaxed text-slate-700">{queue
            ? result?.position
              ? m.join_success_queue_position({ position: String(result.position) })
              : m.join_success_queue_text()
            : m.join_success_text()}</p>
      </div>
      {result?.guest ? (
        <>
          <p className="mt-4 rounded-2xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug text-amber-950 ring-1 ring-amber-200">{m.join_success_guest_warning()}</p>
          <div className="mt-4 grid grid-cols-2 gap-2">
            <Link to="/login" search={search} className={buttonClassName({ variant: "secondary" })}>
              {m.join_sign_in()}
            </Link>
            <Link to="/register" search={search} className={buttonClassName({ variant: "outline" })}>
              {m.join_success_register()}
            </Link>
          </div>
        </>
      ) : null}
      <Button variant={result?.guest ? "ghost" : "primary"} size="lg" block className="mt-3" onClick={onClose}>
        {m.join_success_ok()}
      </Button>
    </Modal>
  );
}
