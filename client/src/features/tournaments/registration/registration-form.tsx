import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Hourglass, Info, ListOrdered, ReceiptText } from "lucide-react";
import { useState, type FormEvent } from "react";
import { formatMoney } from "@shared/rules/money";
import { ZRegisterTeamInput, type TRegisterTeamResult } from "@shared/schemas/tournament-teams";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { EmailField, TextField } from "@client/components/text-field";
import { FirstNameField, LastNameField } from "@client/components/name-fields";
import { useAccount, refreshAccount } from "@client/lib/account";
import { appErrorCode, errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { schemaProblem } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { useField, type Field } from "@client/lib/use-field";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { openSignIn } from "@client/features/auth/sign-in-modal-state";
import { playerCountOptions, registrationRequirements, teamTotalCents } from "./registration-rules";
import { useTeamCheckout } from "./team-checkout";
import { useTeamsChanged } from "./team-queries";

const fields = ZRegisterTeamInput.shape;
const errorOf = (field: Field) => (field.errorCode ? validationMessage(field.errorCode) : null);

/** The total before the tap (spec 001 section 2.10): "3 Spieler × 10,00 € = 30,00 €", the VAT of a business tournament. */
function TotalLine({ tournament, playerCount }: { tournament: TTournament; playerCount: number | null }) {
  const { locale } = useLocale();
  const price = tournament.participationPriceCents;
  let text: string;
  if (price === 0) text = m.tteam_total_free();
  else if (tournament.pricePerPlayer && playerCount !== null)
    text = m.tteam_total_per_player({ count: String(playerCount), price: formatMoney(price, locale), total: formatMoney(teamTotalCents(tournament, playerCount), locale) });
  else if (tournament.pricePerPlayer) text = m.tteam_total_choose_players({ price: formatMoney(price, locale) });
  else text = m.tteam_total_per_team({ total: formatMoney(price, locale) });
  return (
    <div className="rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200" data-testid="registration-total">
      <p className="text-[12px] font-semibold tracking-wide text-slate-600 uppercase">{m.tteam_total_label()}</p>
      <p className="mt-0.5 text-[18px] font-extrabold text-slate-900 tabular-nums">{text}</p>
      {price > 0 && tournament.vatPercentIncluded ? (
        <p className="text-[14px] text-slate-600">{m.tournament_vat_included({ percent: String(tournament.vatPercentIncluded) })}</p>
      ) : null}
    </div>
  );
}

/** What happens after the tap, said before it: the waiting list of a full tournament, the invoice data of a business one. */
function Requirements({ tournament }: { tournament: TTournament }) {
  const list = registrationRequirements(tournament);
  if (list.length === 0) return null;
  return (
    <ul className="space-y-2" data-testid="registration-requirements">
      {list.map((item) => (
        <li
          key={item}
          className={`flex items-start gap-2 rounded-2xl px-3.5 py-2.5 text-[15px] leading-snug font-semibold ring-1 ${
            item === "waitingList" ? "bg-amber-50 text-amber-950 ring-amber-200" : "bg-sky-50 text-sky-950 ring-sky-200"
          }`}
        >
          {item === "waitingList" ? <ListOrdered aria-hidden className="mt-0.5 size-4.5 shrink-0" /> : <ReceiptText aria-hidden className="mt-0.5 size-4.5 shrink-0" />}
          {item === "waitingList" ? m.tteam_requirement_full() : m.tteam_requirement_invoice()}
        </li>
      ))}
    </ul>
  );
}

/** After registering: on the list or waiting, the password mail of a new account, and the way on (invoice data or paying). */
export function RegisteredModal({ result, onClose }: { result: TRegisterTeamResult; onClose: () => void }) {
  const { locale } = useLocale();
  const checkout = useTeamCheckout();
  const team = result.participation;
  const waiting = team.queue;
  return (
    <Modal open onClose={onClose} title={waiting ? m.tteam_registered_waiting_title() : m.tteam_registered_title()}>
      <div className="flex items-start gap-3">
        <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ${waiting ? "bg-amber-100 text-amber-800" : "bg-pitch-100 text-pitch-700"}`}>
          {waiting ? <Hourglass aria-hidden className="size-6" /> : <CircleCheck aria-hidden className="size-6" />}
        </span>
        <p className="text-[16px] leading-relaxed text-slate-800">
          {waiting ? m.tteam_registered_waiting_text({ team: team.teamName }) : m.tteam_registered_text({ team: team.teamName })}
        </p>
      </div>
      {result.accountCreated ? (
        <div className="mt-4">
          <Notice tone="info">{m.tteam_account_created({ email: team.email })}</Notice>
        </div>
      ) : null}
      {!waiting && !team.dataComplete ? <p className="mt-4 text-[15px] font-semibold text-slate-800">{m.tteam_registered_invoice_next()}</p> : null}
      {checkout.error ? (
        <div className="mt-4">
          <Notice tone="error">{checkout.error}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        {result.payment ? (
          <>
            <Button size="lg" block loading={checkout.pending} onClick={() => void checkout.start(team, result.payment)}>
              {m.tteam_pay_now({ amount: formatMoney(result.payment.amountCents, locale, "compact") })}
            </Button>
            <Button variant="ghost" block onClick={onClose}>
              {m.checkout_later()}
            </Button>
          </>
        ) : (
          <Button size="lg" block onClick={onClose}>
            {m.checkout_ok()}
          </Button>
        )}
      </div>
      {checkout.dialog}
    </Modal>
  );
}

/**
 * The team form of the registration block (spec 001 sections 2.10, 5): team name; first and last name and e-mail
 * when nobody is signed in; the phone (German numbers as typed, others with their country code: the server parses
 * them, default country DE); the player count when the price is per player. States the total and what follows
 * before the tap. An e-mail that has an account opens the sign-in modal with the spec's warning (section 8); what
 * was typed stays.
 */
export function RegistrationForm({ tournament, onRegistered }: { tournament: TTournament; onRegistered: (result: TRegisterTeamResult) => void }) {
  const { locale } = useLocale();
  const account = useAccount();
  const queryClient = useQueryClient();
  const teamsChanged = useTeamsChanged(tournament.id);
  const teamName = useField({ validate: (v) => schemaProblem(fields.teamName, v) });
  const firstName = useField({ validate: (v) => schemaProblem(fields.firstName.unwrap(), v) });
  const lastName = useField({ validate: (v) => schemaProblem(fields.lastName.unwrap(), v) });
  const email = useField({ validate: (v) => schemaProblem(fields.email.unwrap(), v) });
  const phone = useField({ validate: (v) => schemaProblem(fields.phoneNumber, v) });
  const [playerCount, setPlayerCount] = useState("");
  const [playerCountError, setPlayerCountError] = useState<string | null>(null);
  const register = useMutation(trpc.tournaments.register.mutationOptions());
  const server = useServerErrors({ teamName, firstName, lastName, email, phoneNumber: phone }, { TEAM_NAME_TAKEN: ["teamName", "team_name_taken"] });

  const askNames = account === null;
  const askLastName = askNames || !account.lastName;
  const perPlayer = tournament.pricePerPlayer;
  const options = playerCountOptions(tournament.gameMode, tournament.maxPlayers);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checks = [teamName.check(), phone.check()];
    if (askNames) checks.push(firstName.check(), email.check());
    if (askLastName) checks.push(lastName.check());
    const countMissing = perPlayer && playerCount === "";
    setPlayerCountError(countMissing ? "player_count_required" : null);
    if (!checks.every(Boolean) || countMissing) return;
    try {
      const registered = await register.mutateAsync({
        tournamentId: tournament.id,
        teamName: teamName.cleanValue,
        phoneNumber: phone.cleanValue,
        ...(askNames ? { firstName: firstName.cleanValue, email: email.cleanValue } : {}),
        ...(askLastName ? { lastName: lastName.cleanValue } : {}),
        ...(perPlayer ? { playerCount: Number(playerCount) } : {}),
        applicationLanguage: locale,
      });
      // A new e-mail: the server made the account and signed this browser in.
      if (registered.accountCreated) await refreshAccount(queryClient).catch(() => null);
      await teamsChanged();
      onRegistered(registered);
    } catch (error) {
      server.take(error);
      if (appErrorCode(error) === "EMAIL_IN_USE") openSignIn("signIn", { warning: () => m.error_EMAIL_IN_USE(), email: email.cleanValue });
    }
  }

  const refusal = register.isError && !server.any && appErrorCode(register.error) !== "EMAIL_IN_USE" ? errorMessage(register.error) : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" aria-label={m.tteam_register_submit()}>
        {account ? (
          <p className="flex items-center gap-2 text-[14px] text-slate-700">
            <Info aria-hidden className="size-4 shrink-0 text-slate-500" />
            {m.tteam_register_as({ name: [account.firstName, account.lastName].filter(Boolean).join(" "), email: account.email })}
          </p>
        ) : null}
        <TextField
          label={m.tteam_team_name()}
          name="teamName"
          autoComplete="organization"
          maxLength={80}
          value={teamName.value}
          onValueChange={teamName.onValueChange}
          onBlur={teamName.onBlur}
          error={errorOf(teamName)}
        />
        {askNames ? (
          <div className="grid grid-cols-2 gap-3">
            <FirstNameField field={firstName} />
            <LastNameField field={lastName} />
          </div>
        ) : askLastName ? (
          <LastNameField field={lastName} />
        ) : null}
        {askNames ? <EmailField value={email.value} onValueChange={email.onValueChange} onBlur={email.onBlur} error={errorOf(email)} /> : null}
        <TextField
          label={m.tteam_phone()}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0151 23456789"
          value={phone.value}
          onValueChange={phone.onValueChange}
          onBlur={phone.onBlur}
          error={errorOf(phone)}
          hint={m.tteam_phone_hint()}
        />
        {perPlayer ? (
          <SelectField
            label={m.tteam_player_count()}
            name="playerCount"
            value={playerCount}
            onValueChange={(value) => {
              setPlayerCount(value);
              setPlayerCountError(null);
            }}
            placeholder={m.tteam_player_count()}
            options={options.map((count) => ({ value: String(count), label: m.tteam_player_count_option({ count: String(count) }) }))}
            error={playerCountError ? validationMessage(playerCountError) : server.message("playerCount")}
          />
        ) : null}
        <TotalLine tournament={tournament} playerCount={playerCount === "" ? null : Number(playerCount)} />
        <Requirements tournament={tournament} />
        {refusal ? <Notice tone="error">{refusal}</Notice> : null}
        <Button type="submit" size="lg" block loading={register.isPending}>
          {tournament.full ? m.tteam_register_waiting_submit() : m.tteam_register_submit()}
        </Button>
    </form>
  );
}
