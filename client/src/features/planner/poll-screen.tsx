import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Check, CircleSlash, RefreshCw, Trophy, TriangleAlert, Vote, X } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import type { TPoll } from "@shared/schemas/planner";
import { Button } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { Notice } from "@client/components/notice";
import { NotFoundState } from "@client/components/not-found-state";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { TextField } from "@client/components/text-field";
import { useAccount } from "@client/lib/account";
import { appErrorCode, errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useMessageCatalogue } from "@client/lib/messages";
import { m } from "@client/paraglide/messages";
import { slotWords, votersText } from "./planner-format";
import { pollQueryOptions } from "./planner-queries";
import { voterKey } from "./voter-key";

type Choice = Record<number, boolean | undefined>;

function YesNo({ label, value, onChange }: { label: string; value: boolean | undefined; onChange: (value: boolean) => void }) {
  const chip = (checked: boolean, tone: "yes" | "no") =>
    `inline-flex min-h-12 flex-1 items-center justify-center gap-1.5 rounded-xl border text-[16px] font-bold transition-colors ${
      checked
        ? tone === "yes"
          ? "border-pitch-600 bg-pitch-600 text-white"
          : "border-slate-700 bg-slate-700 text-white"
        : "border-slate-300 bg-white text-slate-800 hover:border-pitch-600/60"
    }`;
  return (
    <div role="radiogroup" aria-label={label} className="mt-3 flex gap-2">
      <button type="button" role="radio" aria-checked={value === true} className={chip(value === true, "yes")} onClick={() => onChange(true)}>
        <Check aria-hidden className="size-5" />
        {m.planner_yes()}
      </button>
      <button type="button" role="radio" aria-checked={value === false} className={chip(value === false, "no")} onClick={() => onChange(false)}>
        <X aria-hidden className="size-5" />
        {m.planner_no()}
      </button>
    </div>
  );
}

function SlotCard({ poll, slot, choice, onChoose }: { poll: TPoll; slot: TPoll["slots"][number]; choice: boolean | undefined; onChoose?: (value: boolean) => void }) {
  const words = slotWords(slot, poll.interval);
  const leads = poll.leadingSlotId === slot.id;
  return (
    <li
      data-testid="poll-slot"
      className={`rounded-3xl border bg-white p-4 shadow-sm shadow-slate-900/5 ${leads && poll.ended ? "border-pitch-500 ring-2 ring-pitch-500/30" : "border-slate-200"}`}
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
          {leads && poll.ended ? <Trophy aria-hidden className="size-5" /> : <CalendarClock aria-hidden className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-[17px] leading-snug font-extrabold text-slate-900">{words}</p>
          <p className="mt-0.5 text-[14px] text-slate-600">
            {m.planner_yes_count({ count: String(slot.yesCount) })} · {m.planner_no_count({ count: String(slot.noCount) })}
          </p>
          {leads ? (
            <span className="mt-1.5 inline-flex rounded-full bg-pitch-100 px-2.5 py-0.5 text-[13px] font-bold text-pitch-800">
              {poll.ended ? m.planner_poll_winner() : m.planner_poll_leader()}
            </span>
          ) : null}
        </div>
      </div>
      {onChoose ? <YesNo label={words} value={choice} onChange={onChoose} /> : null}
    </li>
  );
}

function PollForm({ poll, token, keyOfBrowser }: { poll: TPoll; token: string; keyOfBrowser: string }) {
  useMessageCatalogue();
  const account = useAccount();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Choice>(() => Object.fromEntries((poll.myAnswer?.answers ?? []).map((a) => [a.slotId, a.available])));
  const [firstName, setFirstName] = useState(poll.myAnswer?.firstName ?? account?.firstName ?? "");
  const [saved, setSaved] = useState(false);
  const [missing, setMissing] = useState(false);
  const answer = useMutation(trpc.planner.answer.mutationOptions());
  const answered = poll.myAnswer !== null;
  const fieldCodes = answer.error ? fieldErrorCodes(answer.error) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (poll.slots.some((s) => choices[s.id] === undefined)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      const updated = await answer.mutateAsync({
        token,
        voterKey: keyOfBrowser,
        firstName,
        answers: poll.slots.map((s) => ({ slotId: s.id, available: choices[s.id] === true })),
      });
      queryClient.setQueryData(pollQueryOptions(token, keyOfBrowser).queryKey, updated);
      setSaved(true);
    } catch (error) {
      // the end passed while the page was open: show the result
      if (appErrorCode(error) === "PLANNER_POLL_ENDED") void queryClient.invalidateQueries({ queryKey: trpc.planner.poll.pathKey() });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <ul className="space-y-3">
        {poll.slots.map((slot) => (
          <SlotCard
            key={slot.id}
            poll={poll}
            slot={slot}
            choice={choices[slot.id]}
            onChoose={(value) => {
              setChoices((current) => ({ ...current, [slot.id]: value }));
              setSaved(false);
            }}
          />
        ))}
      </ul>
      <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
        <TextField
          label={m.planner_first_name()}
          value={firstName}
          onValueChange={(value) => {
            setFirstName(value);
            setSaved(false);
          }}
          autoComplete="given-name"
          maxLength={30}
          name="firstName"
          error={fieldCodes.firstName ? validationMessage(fieldCodes.firstName) : null}
        />
      </div>
      {missing ? <Notice tone="error">{m.planner_poll_answer_all()}</Notice> : null}
      {answer.error && !fieldCodes.firstName ? <Notice tone="error">{errorMessage(answer.error)}</Notice> : null}
      {saved ? (
        <Notice tone="success">
          <p className="font-semibold">{m.planner_poll_saved()}</p>
          <p className="mt-0.5 text-[14px]">{m.planner_poll_saved_hint()}</p>
        </Notice>
      ) : null}
      <Button type="submit" size="lg" block loading={answer.isPending} disabled={firstName.trim() === ""}>
        <Vote aria-hidden className="size-5" />
        {answered ? m.planner_poll_update() : m.planner_poll_submit()}
      </Button>
    </form>
  );
}

function PollResult({ poll }: { poll: TPoll }) {
  const mine = new Map((poll.myAnswer?.answers ?? []).map((a) => [a.slotId, a.available]));
  return (
    <div className="space-y-4">
      {/* that the poll ended is said once, in the header */}
      <h2 className="px-1 text-[15px] font-extrabold tracking-tight text-slate-700 uppercase">{m.planner_poll_result()}</h2>
      {poll.leadingSlotId === null ? <p className="px-1 text-[15px] text-slate-700">{m.planner_poll_no_winner()}</p> : null}
      <ul className="space-y-3">
        {poll.slots.map((slot) => (
          <SlotCard key={slot.id} poll={poll} slot={slot} choice={mine.get(slot.id)} />
        ))}
      </ul>
    </div>
  );
}

/** /poll/{token} (issue 26): the public poll page; no account needed. */
export function PollScreen({ token }: { token: string }) {
  const { locale } = useLocale();
  const [keyOfBrowser] = useState(() => voterKey());
  const poll = useQuery(pollQueryOptions(token, keyOfBrowser));
  useEffect(() => {
    if (poll.data) document.title = `${poll.data.title} · Kickrunde`;
  }, [poll.data]);

  if (poll.isPending) {
    return (
      <div className="px-4 pt-6">
        <ListPlaceholder rows={3} />
      </div>
    );
  }
  if (poll.isError) {
    const code = appErrorCode(poll.error);
    if (code === "PLANNER_NOT_FOUND" || code === "VALIDATION") {
      return <NotFoundState icon={<CircleSlash aria-hidden className="size-10" />} title={m.planner_poll_not_found()} to="/" action={m.game_to_feed()} />;
    }
    return (
      <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
        <p role="alert" className="text-[16px] font-semibold text-slate-800">
          {m.planner_poll_load_error()}
        </p>
        <Button className="mt-4" variant="outline" loading={poll.isFetching} onClick={() => void poll.refetch()}>
          <RefreshCw aria-hidden className="size-5" />
          {m.common_retry()}
        </Button>
      </EmptyState>
    );
  }
  const data = poll.data;
  return (
    <div className="pb-8">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <p className="text-[14px] font-bold tracking-wide text-pitch-700 uppercase">{m.planner_poll_by({ name: data.organizerFirstName })}</p>
        <h1 className="mt-1 text-[26px] leading-tight font-extrabold tracking-tight break-words text-slate-900">{data.title}</h1>
        <p className="mt-1 text-[15px] text-slate-700">
          {data.ended ? m.planner_poll_ended() : m.planner_status_open({ date: formatDateTime(data.pollEndsAt, locale) })} · {votersText(data.voterCount)}
        </p>
        {!data.ended ? <p className="mt-2 text-[16px] leading-snug text-slate-800">{m.planner_poll_intro()}</p> : null}
      </div>
      <div className="px-4">{data.ended ? <PollResult poll={data} /> : <PollForm key={data.token} poll={data} token={token} keyOfBrowser={keyOfBrowser} />}</div>
    </div>
  );
}
