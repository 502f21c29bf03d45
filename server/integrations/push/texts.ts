import type { Language } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";

/**
 * The push texts, in the receiver's language (the device's language, or the one chosen when
 * subscribing to a region). Kept on the server because pushes are written by jobs, not screens.
 * `game` is the game's title or its date and time in Berlin.
 */
/** `until`: a waiting-list offer's deadline, Berlin wall time "18:30". */
export type PushParams = { game: string; name?: string; text?: string; players?: number; minPlayers?: number; amountCents?: number; until?: string };
const money = (cents: number | undefined, language: Language) => (cents === undefined ? "?" : formatMoney(cents, language));
type Text = (p: PushParams) => { title: string; body: string };

const de = {
  movedUp: (p) => ({ title: p.game, body: "Du bist von der Warteliste nachgerückt und spielst mit!" }),
  /** tournament teams (domains/tournaments/teams.ts): `game` is the tournament's name, `name` the team's */
  tournamentMovedUp: (p) => ({ title: p.game, body: `${p.name || "Dein Team"} ist von der Warteliste nachgerückt und spielt mit!` }),
  tournamentMovedUpPay: (p) => ({ title: p.game, body: `${p.name || "Dein Team"} ist von der Warteliste nachgerückt. Bitte bezahle jetzt die Startgebühr von ${money(p.amountCents, "de")}.` }),
  tournamentTeamCancelled: (p) => ({ title: p.game, body: `Die Anmeldung von ${p.name || "Deinem Team"} wurde storniert. Online bezahltes Geld wird erstattet.` }),
  tournamentCancelled: (p) => ({ title: p.game, body: "Das Turnier wurde abgesagt. Online bezahltes Geld wird erstattet." }),
  tournamentRefundedOutside: (p) => ({ title: p.game, body: `Die Startgebühr von ${p.name || "einem Team"} (${money(p.amountCents, "de")}) wurde außerhalb der App erstattet.` }),
  gameCancelled: (p) => ({ title: p.game, body: "Das Spiel wurde vom Organisator abgesagt." }),
  gameAutoCancelled: (p) => ({ title: p.game, body: "Das Spiel wurde abgesagt, weil sich nicht genug Spieler angemeldet haben." }),
  /** `text`: what changed ("Beginn: 19:30 → 19:45; Preis: …", shared/rules/game-change-notice.ts) */
  gameChanged: (p) => ({ title: p.game, body: p.text ? `Geändert: ${p.text}` : "Das Spiel wurde geändert." }),
  /** the same, to a paying player of a warned change of a managed-payment game (spec 000 section 5) */
  gameChangedFreeCancel: (p) => ({ title: p.game, body: `${p.text ? `Geändert: ${p.text}.` : "Das Spiel wurde geändert."} Du kannst Dich innerhalb von 24 Stunden kostenlos abmelden.` }),
  paymentRefundedOutside: (p) => ({ title: p.game, body: `Die Zahlung von ${p.name || "einem Spieler"} (${money(p.amountCents, "de")}) wurde außerhalb der App erstattet.` }),
  playerCancelledShortNotice: (p) => ({ title: p.game, body: `${p.name || "Ein Spieler"} hat sich kurzfristig abgemeldet.` }),
  minPlayersWarning: (p) => ({ title: p.game, body: `Erst ${p.players} von mindestens ${p.minPlayers} Spielern angemeldet.` }),
  takesPlacePrompt: (p) => ({ title: p.game, body: `Findet das Spiel statt? Erst ${p.players} von ${p.minPlayers} Spielern. Bitte bestätige oder sage ab.` }),
  newGameInRegion: (p) => ({ title: "Neues Spiel in Deiner Region", body: p.game }),
  comment: (p) => ({ title: p.game, body: `${p.name || "Jemand"}: ${p.text}` }),
  movedUpPay: (p) => ({ title: p.game, body: "Du bist von der Warteliste nachgerückt. Bitte bezahle jetzt, sonst geht Dein Platz an den Nächsten." }),
  waitingListOffer: (p) => ({ title: p.game, body: `Ein Platz ist frei geworden: bis ${p.until ?? "?"} Uhr annehmen.` }),
  paymentFailed: (p) => ({ title: p.game, body: "Deine Zahlung ist fehlgeschlagen. Bitte versuche es erneut, solange Dein Platz reserviert ist." }),
  paymentDue: (p) => ({ title: p.game, body: "Deine Reservierung läuft gleich ab. Bitte bezahle jetzt, um Deinen Platz zu behalten." }),
  reservationExpired: (p) => ({ title: p.game, body: "Reservierung abgelaufen: Dein Platz wurde freigegeben. Du kannst es erneut versuchen." }),
  paymentReleased: (p) => ({ title: p.game, body: "Deine Zahlung wurde freigegeben. Dir wird nichts berechnet." }),
  paymentTaken: (p) => ({ title: p.game, body: "Es wurde kein Ersatz für Dich gefunden. Der Betrag wurde eingezogen." }),
  cashAllowed: (p) => ({ title: p.game, body: "Der Organisator hat Deine Barzahlung erlaubt. Du zahlst vor Ort." }),
  cashDeclined: (p) => ({ title: p.game, body: "Der Organisator hat Deine Barzahlung abgelehnt. Bitte bezahle online." }),
  cashRequested: (p) => ({ title: p.game, body: `${p.name || "Ein Spieler"} möchte bar bezahlen.${p.text ? ` „${p.text}“` : ""}` }),
  directMessage: (p) => ({ title: p.name || "Neue Nachricht", body: p.text ?? "" }),
  /** a news message of the staff console (issue 26): `text` in the receiver's language */
  news: (p) => ({ title: "Neuigkeiten von Kickrunde", body: p.text ?? "" }),
  bookingRequested: (p) => ({ title: "Neue Buchungsanfrage", body: `${p.name || "Jemand"} möchte ${p.game} mieten.` }),
  bookingAccepted: (p) => ({ title: "Buchung angenommen", body: `${p.game}: Bitte bezahle jetzt, damit die Buchung gilt.` }),
  bookingDeclined: (p) => ({ title: "Buchung abgelehnt", body: `${p.game}: Der Platz kann leider nicht vermietet werden.` }),
  bookingPaidOwner: (p) => ({ title: "Platz gebucht", body: `${p.name || "Jemand"} hat ${p.game} bezahlt.` }),
  bookingPaidRenter: (p) => ({ title: "Platz gebucht", body: `${p.game}: Deine Zahlung ist angekommen. Viel Spaß!` }),
  bookingCancelled: (p) => ({ title: "Buchung storniert", body: `${p.game} wurde storniert.` }),
  bookingExpired: (p) => ({ title: "Buchung verfallen", body: `${p.game}: Die Buchung wurde nicht rechtzeitig bestätigt oder bezahlt.` }),
  weeklyConfirm: (p) => ({ title: "Findet Deine Kickrunde statt?", body: `${p.game}: Bestätige jetzt oder sage die Woche ab.` }),
  /** the organiser's weather warning (domains/weather/alerts.ts): `text` is the forecast line */
  weatherRain: (p) => ({ title: `Starkregen angesagt: ${p.game}`, body: `${p.text}. Tippe hier, um wegen Wetter abzusagen.` }),
  weatherStorm: (p) => ({ title: `Sturm angesagt: ${p.game}`, body: `${p.text}. Tippe hier, um wegen Wetter abzusagen.` }),
  weatherHeat: (p) => ({ title: `Hitze angesagt: ${p.game}`, body: `${p.text}. Denkt an genug Wasser, oder sagt wegen Wetter ab.` }),
  /** `game`: the tournament's name; `text`: the organiser's news (clipped) */
  tournamentChannelMessage: (p) => ({ title: p.game, body: `Neuigkeiten vom Veranstalter: ${p.text ?? ""}` }),
  /** `game`: the tournament's name; `name`: the team; `amountCents`: what it owes */
  tournamentPaymentReminder: (p) => ({ title: p.game, body: `Zahlungserinnerung: Die Startgebühr von ${money(p.amountCents, "de")} für ${p.name || "Dein Team"} ist noch offen.` }),
} satisfies Record<string, Text>;

const en: Record<keyof typeof de, Text> = {
  movedUp: (p) => ({ title: p.game, body: "You moved up from the waiting list and are playing!" }),
  tournamentMovedUp: (p) => ({ title: p.game, body: `${p.name || "Your team"} moved up from the waiting list and is playing!` }),
  tournamentMovedUpPay: (p) => ({ title: p.game, body: `${p.name || "Your team"} moved up from the waiting list. Please pay the entry fee of ${money(p.amountCents, "en")} now.` }),
  tournamentTeamCancelled: (p) => ({ title: p.game, body: `The registration of ${p.name || "your team"} was cancelled. Money paid online is refunded.` }),
  tournamentCancelled: (p) => ({ title: p.game, body: "The tournament was cancelled. Money paid online is refunded." }),
  tournamentRefundedOutside: (p) => ({ title: p.game, body: `The entry fee of ${p.name || "a team"} (${money(p.amountCents, "en")}) was refunded outside the app.` }),
  gameCancelled: (p) => ({ title: p.game, body: "The game was cancelled by the organiser." }),
  gameAutoCancelled: (p) => ({ title: p.game, body: "The game was cancelled because not enough players signed up." }),
  gameChanged: (p) => ({ title: p.game, body: p.text ? `Changed: ${p.text}` : "The game was changed." }),
  gameChangedFreeCancel: (p) => ({ title: p.game, body: `${p.text ? `Changed: ${p.text}.` : "The game was changed."} You can cancel free of charge within 24 hours.` }),
  paymentRefundedOutside: (p) => ({ title: p.game, body: `The payment of ${p.name || "a player"} (${money(p.amountCents, "en")}) was refunded outside the app.` }),
  playerCancelledShortNotice: (p) => ({ title: p.game, body: `${p.name || "A player"} cancelled at short notice.` }),
  minPlayersWarning: (p) => ({ title: p.game, body: `Only ${p.players} of at least ${p.minPlayers} players have signed up.` }),
  takesPlacePrompt: (p) => ({ title: p.game, body: `Is the game taking place? Only ${p.players} of ${p.minPlayers} players. Please confirm or cancel.` }),
  newGameInRegion: (p) => ({ title: "New game in your region", body: p.game }),
  comment: (p) => ({ title: p.game, body: `${p.name || "Someone"}: ${p.text}` }),
  movedUpPay: (p) => ({ title: p.game, body: "You moved up from the waiting list. Please pay now, or your place goes to the next player." }),
  waitingListOffer: (p) => ({ title: p.game, body: `A place became free: accept it by ${p.until ?? "?"}.` }),
  paymentFailed: (p) => ({ title: p.game, body: "Your payment failed. Please try again while your place is reserved." }),
  paymentDue: (p) => ({ title: p.game, body: "Your reservation runs out soon. Please pay now to keep your place." }),
  reservationExpired: (p) => ({ title: p.game, body: "Reservation expired: your place was released. You can try again." }),
  paymentReleased: (p) => ({ title: p.game, body: "Your payment was released. You will not be charged." }),
  paymentTaken: (p) => ({ title: p.game, body: "No replacement was found for you. The amount was charged." }),
  cashAllowed: (p) => ({ title: p.game, body: "The organiser allowed you to pay in cash. You pay on site." }),
  cashDeclined: (p) => ({ title: p.game, body: "The organiser declined your cash payment. Please pay online." }),
  cashRequested: (p) => ({ title: p.game, body: `${p.name || "A player"} would like to pay in cash.${p.text ? ` “${p.text}”` : ""}` }),
  directMessage: (p) => ({ title: p.name || "New message", body: p.text ?? "" }),
  news: (p) => ({ title: "News from Kickrunde", body: p.text ?? "" }),
  bookingRequested: (p) => ({ title: "New booking request", body: `${p.name || "Someone"} would like to rent ${p.game}.` }),
  bookingAccepted: (p) => ({ title: "Booking accepted", body: `${p.game}: please pay now to confirm the booking.` }),
  bookingDeclined: (p) => ({ title: "Booking declined", body: `${p.game}: unfortunately the court cannot be rented.` }),
  bookingPaidOwner: (p) => ({ title: "Court booked", body: `${p.name || "Someone"} paid for ${p.game}.` }),
  bookingPaidRenter: (p) => ({ title: "Court booked", body: `${p.game}: your payment arrived. Have fun!` }),
  bookingCancelled: (p) => ({ title: "Booking cancelled", body: `${p.game} was cancelled.` }),
  bookingExpired: (p) => ({ title: "Booking lapsed", body: `${p.game}: the booking was not confirmed or paid in time.` }),
  weeklyConfirm: (p) => ({ title: "Is your weekly session taking place?", body: `${p.game}: confirm now or skip the week.` }),
  weatherRain: (p) => ({ title: `Heavy rain forecast: ${p.game}`, body: `${p.text}. Tap here to cancel because of the weather.` }),
  weatherStorm: (p) => ({ title: `Storm forecast: ${p.game}`, body: `${p.text}. Tap here to cancel because of the weather.` }),
  weatherHeat: (p) => ({ title: `Heat forecast: ${p.game}`, body: `${p.text}. Bring plenty of water, or cancel because of the weather.` }),
  tournamentChannelMessage: (p) => ({ title: p.game, body: `News from the organiser: ${p.text ?? ""}` }),
  tournamentPaymentReminder: (p) => ({ title: p.game, body: `Payment reminder: the entry fee of ${money(p.amountCents, "en")} for ${p.name || "your team"} is still open.` }),
};

export type PushTextKey = keyof typeof de;
const TEXTS: Record<Language, Record<PushTextKey, Text>> = { de, en };
/** Every key (the texts-completeness test walks them in both languages). */
export const PUSH_TEXT_KEYS = Object.keys(de) as PushTextKey[];

export function pushText(language: Language, key: PushTextKey, params: PushParams) {
  return TEXTS[language][key](params);
}

/** Pushes carry at most ~4 kB encrypted; a preview of a long text (a comment, a list of changes) is enough. */
export function clipPushText<T extends string | undefined>(text: T): T {
  return (text && text.length > 180 ? `${text.slice(0, 179)}…` : text) as T;
}

/** A court booking is named by its court and start in Berlin time: "Soccerhalle, Di., 08.12., 19:00". */
export function bookingLabel(language: Language, booking: { courtName: string; startTime: Date }) {
  const when = new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
    timeZone: "Europe/Berlin",
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(booking.startTime);
  return `${booking.courtName}, ${when}`;
}

/** A game without a title is named by its start in Berlin time: "Sa., 12.09., 18:00". */
export function gameLabel(language: Language, game: { title: string | null; startTime: Date }) {
  if (game.title) return game.title;
  const when = new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
    timeZone: "Europe/Berlin",
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(game.startTime);
  return language === "de" ? `Kick am ${when}` : `Game on ${when}`;
}
