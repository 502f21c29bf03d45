import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState, type FormEvent } from "react";
import { nameProblem } from "@shared/rules/names";
import { canBringSomeone, playerCountChoices } from "@shared/rules/participation";
import { playersIn } from "@shared/rules/player-list";
import type { TJoinResult } from "@shared/schemas/participation";
import type { TGame } from "@shared/schemas/games";
import { LogIn, UserPlus, Wallet } from "lucide-react";
import { formatMoney } from "@shared/rules/money";
import { Button, buttonClassName } from "@client/components/button";
import { ResendConfirmation } from "@client/features/auth/resend-confirmation";
import { ChoiceChips } from "@client/components/choice-chips";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { TextField } from "@client/components/text-field";
import { useAccount } from "@client/lib/account";
import { appErrorCode, errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { currentDeviceToken, requestDeviceToken } from "@client/lib/notifications";
import { NotificationsBlocked } from "@client/features/notifications/notifications-blocked";
import { useNotificationPermission } from "@client/features/notifications/permission";
import { addAnonymousParticipation } from "@client/lib/local-records";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useMessageCatalogue } from "@client/lib/messages";
import { joinsWaitingList, playerCountLabel } from "./join-rules";
import { JoinOverlaps } from "./join-overlaps";

/** Price per player and the total of this join (managed payment: what the checkout will ask for). */
function PricePanel({ priceCents, playerCount, locale }: { priceCents: number; playerCount: number; locale: "de" | "en" }) {
  return (
    <dl data-testid="join-price" className="space-y-1 rounded-2xl bg-slate-50 px-3.5 py-3 text-[15px] text-slate-800 ring-1 ring-slate-200">
      <div className="flex justify-between gap-3">
        <dt>{m.join_price_each()}</dt>
        <dd className="tabular-nums">{formatMoney(priceCents, locale)}</dd>
      </div>
      {playerCount > 1 ? (
        <div className="flex justify-between gap-3">
          <dt>{playerCountLabel(playerCount)}</dt>
          <dd className="tabular-nums">× {playerCount}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-extrabold text-slate-900">
        <dt>{m.join_price_total()}</dt>
        <dd className="tabular-nums">{formatMoney(priceCents * playerCount, locale)}</dd>
      </div>
    </dl>
  );
}

/** A guest on a managed-payment game: paying needs an account, so sign in or register first (and come back here). */
function NeedsAccount({ game, redirect }: { game: TGame; redirect: string }) {
  const { locale } = useLocale();
  return (
    <div data-testid="join-needs-account" className="space-y-4">
      <PricePanel priceCents={game.priceCents} playerCount={1} locale={locale} />
      <h3 className="text-[18px] font-extrabold text-slate-900">{m.join_needs_account_title()}</h3>
      <p className="text-[15px] leading-snug text-slate-700">{m.join_needs_account_text()}</p>
      <div className="flex flex-col gap-2">
        <Link to="/login" search={{ redirect }} className={buttonClassName({ size: "lg", block: true })}>
          <LogIn aria-hidden className="size-5" />
          {m.join_sign_in()}
        </Link>
        <Link to="/register" search={{ redirect }} className={buttonClassName({ variant: "outline", block: true })}>
          <UserPlus aria-hidden className="size-5" />
          {m.join_success_register()}
        </Link>
      </div>
    </div>
  );
}


/** Join errors about the guest's first name: shown at the name field, which they concern. */
const NAME_ERRORS = new Set(["GUEST_NAME_TAKEN", "NAME_REQUIRED"]);
const NAME_FIELD_ID = "join-first-name";

/**
 * The join flow behind MITSPIELEN (spec 000 sections 4, 5): a guest gives a first name, everyone
 * picks the player count, ball and bibs; admins and organisations may sign up without playing.
 * On a full game it is "Auf die Warteliste": one player, no ball or bibs (they count only for those
 * who play), and the place in the queue. Notifications are asked for where the spec needs them
 * (guests on findable games, the waiting list).
 */
export function JoinModal({ game, open, onClose, onJoined }: { game: TGame; open: boolean; onClose: () => void; onJoined: (result: TJoinResult) => void }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const account = useAccount();
  const isGuest = account === null;
  const queue = joinsWaitingList(game);
  const isAdminOrCreator = Boolean(account && (account.isAdmin || game.viewer.canManage));
  const choices = playerCountChoices({ isGuest, isAdminOrCreator, isManagedPayment: game.isManagedPayment, maxPlayers: game.maxPlayers });
  const offerExtras = !queue && choices.length > 1 && canBringSomeone(playersIn(game.participations), game.maxPlayers);
  const offerPlaysHimself = Boolean(account && (account.isAdmin || account.organization));
  const needsNotifications = queue || (isGuest && game.gameType !== "PRIVATE");
  const queuePosition = game.participations.filter((p) => p.queue).length + 1;

  const [firstName, setFirstName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [playerCount, setPlayerCount] = useState(1);
  const [bringsBall, setBringsBall] = useState(false);
  const [bringsBibs, setBringsBibs] = useState(false);
  const [playsHimself, setPlaysHimself] = useState(true);
  const [notificationProblem, setNotificationProblem] = useState<string | null>(null);
  const permission = useNotificationPermission();
  const [refused, setRefused] = useState(false);
  // Blocked is the user's choice: say how to allow them (and that an account needs none), not "contact help".
  const blocked = needsNotifications && (permission.state === "denied" || refused);
  const join = useMutation(trpc.participation.join.mutationOptions());

  const nameCode = isGuest ? nameProblem(firstName.trim()) : null;
  // The server's answer about the name (taken in this game) belongs to the name as it was sent.
  const [sentName, setSentName] = useState<string | null>(null);
  const serverNameError =
    join.isError && sentName === firstName.trim() && NAME_ERRORS.has(appErrorCode(join.error) ?? "") ? errorMessage(join.error) : null;
  const nameError = nameTouched && nameCode ? validationMessage(nameCode) : serverNameError;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotificationProblem(null);
    setRefused(false);
    setNameTouched(true);
    if (nameCode) return;
    let deviceToken = currentDeviceToken();
    if (needsNotifications && !deviceToken) {
      const result = await requestDeviceToken({ language: locale });
      permission.refresh();
      if ("denied" in result) {
        // spec 001 section 8: no token although allowed is a fault; a blocked permission shows how to allow it
        if (result.blocked) setRefused(true);
        else setNotificationProblem(m.notifications_setup_error());
        return;
      }
      deviceToken = result.token;
    }
    setSentName(isGuest ? firstName.trim() : null);
    try {
      const result = await join.mutateAsync({
        gameId: game.id,
        playerCount: queue ? 1 : playerCount,
        bringsBall: queue ? false : bringsBall,
        bringsBibs: queue ? false : bringsBibs,
        playsHimself,
        firstName: isGuest ? firstName.trim() : null,
        queue,
        deviceToken,
        messagingLanguage: locale,
      });
      if (isGuest && result.guestToken) {
        addAnonymousParticipation({ gameId: game.id, participationId: result.participation.id, firstName: firstName.trim(), guestToken: result.guestToken });
      }
      onJoined(result);
    } catch {
      // shown below
    }
  }

  useEffect(() => {
    if (serverNameError) document.getElementById(NAME_FIELD_ID)?.focus();
  }, [serverNameError]);

  const redirect = `/game/${game.id}`;
  // Requirements before anything is filled in (issue 23 item 13): a paid game needs an account, a paid
  // game and the waiting list a confirmed address; each with its way forward.
  if (isGuest && game.isManagedPayment) {
    return (
      <Modal open={open} onClose={onClose} title={m.join_title()}>
        <NeedsAccount game={game} redirect={redirect} />
      </Modal>
    );
  }
  if (account && !account.emailVerifiedAt && (game.isManagedPayment || queue)) {
    return (
      <Modal open={open} onClose={onClose} title={queue ? m.join_queue_title() : m.join_title()}>
        <div data-testid="join-needs-verified" className="space-y-4">
          <h3 className="text-[18px] font-extrabold text-slate-900">{m.join_needs_verified_title()}</h3>
          <p className="text-[15px] leading-snug text-slate-700">
            {queue ? m.join_needs_verified_queue({ email: account.email }) : m.join_needs_verified_paid({ email: account.email })}
          </p>
          <ResendConfirmation email={account.email} variant="primary" />
        </div>
      </Modal>
    );
  }
  const paid = game.isManagedPayment && !queue;
  const total = formatMoney(game.priceCents * (offerExtras ? playerCount : 1), locale);
  return (
    <Modal open={open} onClose={onClose} title={queue ? m.join_queue_title() : m.join_title()}>
      <form noValidate onSubmit={submit} className="space-y-5">
        {paid ? <PricePanel priceCents={game.priceCents} playerCount={offerExtras ? playerCount : 1} locale={locale} /> : null}
        {!game.isManagedPayment && game.priceCents > 0 && !queue ? (
          <p className="flex items-center gap-2 rounded-2xl bg-slate-50 px-3.5 py-3 text-[15px] text-slate-800 ring-1 ring-slate-200">
            <Wallet aria-hidden className="size-5 shrink-0" />
            {m.join_cash_price_note({ amount: formatMoney(game.priceCents, locale) })}
          </p>
        ) : null}
        {queue ? <Notice tone="info">{m.join_queue_notice({ position: String(queuePosition) })}</Notice> : null}
        {account && open ? <JoinOverlaps gameId={game.id} /> : null}
        {isGuest ? (
          <div className="space-y-2">
            <TextField
              id={NAME_FIELD_ID}
              label={m.join_first_name()}
              name="firstName"
              autoComplete="given-name"
              value={firstName}
              onValueChange={setFirstName}
              onBlur={() => {
                setFirstName((v) => v.trim());
                if (firstName.trim()) setNameTouched(true);
              }}
              hint={m.join_first_name_hint()}
              error={nameError}
            />
            <p className="text-[14px] leading-snug text-slate-600">
              {m.join_guest_sign_in()}{" "}
              <Link to="/login" search={{ redirect }} className="font-semibold text-pitch-700 underline underline-offset-4">
                {m.join_sign_in()}
              </Link>
            </p>
          </div>
        ) : null}
        {offerExtras ? (
          <ChoiceChips
            label={m.join_player_count()}
            value={playerCount}
            onValueChange={setPlayerCount}
            scroll={choices.length > 3}
            choices={choices.map((count) => ({ value: count, label: playerCountLabel(count) }))}
          />
        ) : null}
        {offerPlaysHimself || !queue ? (
          <div className="space-y-4">
            {offerPlaysHimself ? (
              <SwitchField label={m.join_plays_himself()} hint={m.join_plays_himself_hint()} checked={playsHimself} onCheckedChange={setPlaysHimself} />
            ) : null}
            {queue ? null : (
              <>
                <SwitchField label={m.join_brings_ball()} checked={bringsBall} onCheckedChange={setBringsBall} />
                <SwitchField label={m.join_brings_bibs()} checked={bringsBibs} onCheckedChange={setBringsBibs} />
              </>
            )}
          </div>
        ) : null}
        {blocked ? <NotificationsBlocked offerSignIn={isGuest && !queue} /> : null}
        {needsNotifications && !blocked && !currentDeviceToken() && !notificationProblem ? <p className="text-[14px] leading-snug text-slate-600">{m.join_notifications_notice()}</p> : null}
        {notificationProblem ? <Notice tone="error">{notificationProblem}</Notice> : null}
        {join.isError && !(isGuest && NAME_ERRORS.has(appErrorCode(join.error) ?? "")) ? <Notice tone="error">{errorMessage(join.error)}</Notice> : null}
        <Button type="submit" size="lg" block loading={join.isPending}>
          {queue ? m.join_submit_queue() : paid ? m.join_submit_pay({ amount: total }) : m.join_submit()}
        </Button>
      </form>
    </Modal>
  );
}
