import { GAME_TIME_ZONE, type Language } from "@shared/constants";
import { changeLine, type NoticeChange } from "@shared/rules/game-change-notice";
import { formatMoney } from "@shared/rules/money";

/** Every mail the product sends, in German and English, with an HTML and a plain-text part. */
export type MailTemplate =
  | { name: "confirm-email"; data: { firstName: string; link: string } }
  | { name: "reset-password"; data: { firstName: string; link: string } }
  | { name: "welcome-set-password"; data: { firstName: string; link: string } }
  | { [N in TeamMailName]: { name: N; data: TeamMailData } }[TeamMailName]
  | { name: "email-changed"; data: { firstName: string; newEmail: string } }
  | { [N in GameMailName]: { name: N; data: GameMailData } }[GameMailName]
  | { [N in BookingMailName]: { name: N; data: BookingMailData } }[BookingMailName]
  | { name: "weekly-confirmation-open"; data: WeeklyMailData }
  | { name: "weather-alert"; data: WeatherAlertMailData }
  | { name: "payment-receipt"; data: ReceiptMailData }
  | { name: "tournament-invoice"; data: InvoiceMailData }
  | { name: "tournament-invoice-cancellation"; data: InvoiceCancellationMailData }
  | { name: "organizer-invoice"; data: OrganizerInvoiceMailData }
  | { [N in TournamentMailName]: { name: N; data: TournamentMailData } }[TournamentMailName];

/**
 * Mails to a tournament's teams (issue 25), in the team's language: the organiser's channel news and the payment
 * reminder. `tournament` is its name, `link` its page (or channel), `team` the team's name.
 */
export type TournamentMailName = "tournament-channel-message" | "tournament-payment-reminder";
export type TournamentMailData = { firstName: string; tournament: string; link: string; team?: string; message?: string; amountCents?: number };

/** A business team's invoice (issue 25), the PDF attached: `number` is the invoice's, `link` the tournament's page. */
export type InvoiceMailData = { firstName: string; tournament: string; team: string; number: string; link: string };
/** The cancellation invoice of a refunded team (issue 25), the PDF attached: `number` is its own, `cancels` the invoice's. */
export type InvoiceCancellationMailData = InvoiceMailData & { cancels: string };

/** An organiser's monthly invoice for platform fees (issue 26), the PDF attached: `period` the month as words, `link` the profile. */
export type OrganizerInvoiceMailData = { firstName: string; number: string; period: string; link: string };

/**
 * The receipt after a payment (issue 23 item 6), for a game's place or a court booking: what was paid
 * for, when and where (instants as ISO strings, shown in Berlin time), the amount, and whether a held
 * card is taken later (`held`: authorised now, captured at the game's start).
 */
export type ReceiptMailData = {
  firstName: string;
  kind: "game" | "booking";
  /** the game's title, or for a booking the court (and sub-court) */
  name: string | null;
  /** the court's name and address; null for a game without a court */
  place: string | null;
  startTime: string;
  endTime: string;
  amountCents: number;
  /** places paid for in a game (the player and extra players) */
  places?: number;
  held: boolean;
  /** the payment method, when the server knows it */
  method?: string | null;
  link: string;
};

/** The organiser's reminder that next week's game of a weekly session can be confirmed: `session` names it and the week. */
export type WeeklyMailData = { firstName: string; session: string; link: string };

/** The organiser's weather warning 3 hours before an outdoor game (domains/weather/alerts.ts): `kind` STORM, RAIN or HEAT, `message` the forecast line. */
export type WeatherAlertMailData = { firstName: string; game: string; kind: string; message: string; link: string };

/** Mails about a court booking, to renter or owner (always sent to a confirmed address: they are about money and an appointment). */
export type BookingMailName = "booking-requested" | "booking-accepted" | "booking-declined" | "booking-paid-owner" | "booking-paid-renter" | "booking-cancelled" | "booking-expired";
/** `booking` is the court and start in the recipient's language, `link` the booking page, `name` the other party. */
export type BookingMailData = { firstName: string; booking: string; link: string; name?: string };

/** Mails about a game (receiveGameEmails): `game` is its label in the recipient's language, `link` its page. */
export type GameMailName =
  | "game-moved-up"
  | "game-cancelled"
  | "game-auto-cancelled"
  | "game-changed"
  | "game-player-cancelled"
  | "game-min-players-warning"
  | "game-takes-place-prompt"
  | "game-moved-up-pay"
  | "game-waiting-list-offer"
  | "game-payment-due"
  | "game-payment-failed"
  | "game-reservation-expired"
  | "game-payment-released"
  | "game-payment-taken"
  | "game-cash-allowed"
  | "game-cash-declined"
  | "game-cash-requested"
  | "game-payment-refunded-outside";
export type GameMailData = {
  firstName: string;
  game: string;
  link: string;
  name?: string;
  players?: number;
  minPlayers?: number;
  /** game-changed: what changed (court names already looked up) and whether this reader may cancel free for 24 hours */
  changes?: NoticeChange[];
  freeCancellation?: boolean;
  /** game-payment-refunded-outside: the amount given back */
  amountCents?: number;
  /** game-waiting-list-offer: the offer's deadline, Berlin wall time "18:30" */
  until?: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Parts = { subject: string; greeting: string; lines: string[]; button?: { label: string; href: string }; after?: string[] };

/** The shape every booking mail shares: what happened, and a button to the booking. */
const booking = (d: BookingMailData, subject: string, hello: string, lines: string[], button: string): Parts => ({
  subject,
  greeting: `${hello} ${d.firstName},`,
  lines: [d.booking, ...lines],
  button: { label: button, href: d.link },
  after: [],
});

/**
 * Mails to a tournament team about its place and money (issue 25; domains/tournaments/teams.ts), in the language it
 * registered in, and to the organiser about a team: `tournament` is its name, `team` the team's, `link` the page.
 */
export type TeamMailName = "tournament-moved-up" | "tournament-moved-up-pay" | "tournament-team-cancelled" | "tournament-cancelled" | "tournament-refunded-outside";
export type TeamMailData = { firstName: string; tournament: string; team: string; link: string; amountCents?: number | undefined };

/** The shape every tournament team mail shares: the tournament and team, what happened, and a button to the page. */
const team = (d: TeamMailData, subject: string, hello: string, lines: string[], button: string): Parts => ({
  subject,
  greeting: `${hello} ${d.firstName},`,
  lines: [`${d.tournament} – ${d.team}`, ...lines],
  button: { label: button, href: d.link },
  after: [],
});

/** The shape every game mail shares: what happened, and a button to the game. */
const game = (d: GameMailData, subject: string, hello: string, lines: string[], button: string): Parts => ({
  subject,
  greeting: `${hello} ${d.firstName},`,
  lines: [d.game, ...lines],
  button: { label: button, href: d.link },
  after: [],
});

const money = (cents: number | undefined, language: Language) => (cents === undefined ? "?" : formatMoney(cents, language));

const receiptDate = { de: new Intl.DateTimeFormat("de-DE", { timeZone: GAME_TIME_ZONE, weekday: "short", day: "2-digit", month: "2-digit", year: "numeric" }), en: new Intl.DateTimeFormat("en-GB", { timeZone: GAME_TIME_ZONE, weekday: "short", day: "2-digit", month: "2-digit", year: "numeric" }) };
const receiptTime = { de: new Intl.DateTimeFormat("de-DE", { timeZone: GAME_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }), en: new Intl.DateTimeFormat("en-GB", { timeZone: GAME_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) };

/** The payment receipt: what, when, where, how much, and when a held card is taken. */
function receipt(d: ReceiptMailData, language: Language): Parts {
  const start = new Date(d.startTime);
  const end = new Date(d.endTime);
  const when = `${receiptDate[language].format(start)}, ${receiptTime[language].format(start)}–${receiptTime[language].format(end)}`;
  const amount = formatMoney(d.amountCents, language);
  const places = d.places && d.places > 1 ? d.places : null;
  if (language === "de") {
    const what = d.kind === "game" ? (d.name ? `Kickrunde „${d.name}“` : "Kickrunde") : `Platzbuchung ${d.name ?? ""}`.trim();
    return {
      subject: `Zahlungsbeleg: ${what}, ${receiptDate.de.format(start)}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [
        d.held ? "danke, Deine Zahlung ist vorgemerkt. Hier ist Dein Beleg:" : "danke für Deine Zahlung. Hier ist Dein Beleg:",
        `Wofür: ${what}`,
        `Wann: ${when} Uhr`,
        ...(d.place ? [`Wo: ${d.place}`] : []),
        `Betrag: ${amount}${places ? ` (${places} Plätze)` : ""}`,
        ...(d.method ? [`Zahlungsart: ${d.method}`] : []),
        d.held ? "Der Betrag wird zum Spielbeginn eingezogen." : "Der Betrag wurde eingezogen.",
      ],
      button: { label: d.kind === "game" ? "Zum Spiel" : "Zur Buchung", href: d.link },
      after: [],
    };
  }
  const what = d.kind === "game" ? (d.name ? `Kickrunde “${d.name}”` : "Kickrunde game") : `Court booking ${d.name ?? ""}`.trim();
  return {
    subject: `Payment receipt: ${what}, ${receiptDate.en.format(start)}`,
    greeting: `Hi ${d.firstName},`,
    lines: [
      d.held ? "thank you, your payment is authorised. Here is your receipt:" : "thank you for your payment. Here is your receipt:",
      `For: ${what}`,
      `When: ${when}`,
      ...(d.place ? [`Where: ${d.place}`] : []),
      `Amount: ${amount}${places ? ` (${places} places)` : ""}`,
      ...(d.method ? [`Payment method: ${d.method}`] : []),
      d.held ? "The amount will be taken at the start of the game." : "The amount has been charged.",
    ],
    button: { label: d.kind === "game" ? "Open the game" : "Open the booking", href: d.link },
    after: [],
  };
}

const COPY: { [L in Language]: { [T in MailTemplate["name"]]: (d: Extract<MailTemplate, { name: T }>["data"]) => Parts } & { footer: string } } = {
  de: {
    "confirm-email": (d) => ({
      subject: "Bitte bestätige Deine E-Mail-Adresse",
      greeting: `Hallo ${d.firstName},`,
      lines: ["bitte bestätige Deine E-Mail-Adresse, damit Du Kickrunden erstellen und auf Wartelisten kommen kannst."],
      button: { label: "E-Mail-Adresse bestätigen", href: d.link },
      after: ["Der Link ist 48 Stunden gültig. Wenn Du Dich nicht bei Kickrunde registriert hast, ignoriere diese E-Mail einfach."],
    }),
    "reset-password": (d) => ({
      subject: "Dein neues Passwort für Kickrunde",
      greeting: `Hallo ${d.firstName},`,
      lines: ["Du hast ein neues Passwort angefordert. Über den Knopf unten kannst Du es festlegen."],
      button: { label: "Neues Passwort festlegen", href: d.link },
      after: ["Der Link ist 2 Stunden gültig und funktioniert nur einmal. Danach bist Du auf allen Geräten abgemeldet.", "Du hast nichts angefordert? Dann ignoriere diese E-Mail, Dein Passwort bleibt unverändert."],
    }),
    "welcome-set-password": (d) => ({
      subject: "Willkommen bei Kickrunde – leg Dein Passwort fest",
      greeting: `Hallo ${d.firstName},`,
      lines: ["mit Deiner Turnieranmeldung haben wir Dir ein Kickrunde-Konto angelegt. Über den Knopf unten legst Du Dein Passwort fest, dann kannst Du Dich jederzeit anmelden und Dein Team verwalten."],
      button: { label: "Passwort festlegen", href: d.link },
      after: ["Der Link ist 7 Tage gültig und funktioniert nur einmal. Danach kannst Du jederzeit über „Passwort vergessen?“ einen neuen anfordern.", "Du hast Dich nicht für ein Turnier angemeldet? Dann ignoriere diese E-Mail."],
    }),
    "email-changed": (d) => ({
      subject: "Deine E-Mail-Adresse wurde geändert",
      greeting: `Hallo ${d.firstName},`,
      lines: [`die E-Mail-Adresse Deines Kickrunde-Kontos wurde auf ${d.newEmail} geändert.`],
      after: ["Warst Du das nicht? Dann melde Dich bitte sofort bei uns: hallo@kickrunde.de"],
    }),
    "game-moved-up": (d) => game(d, `Du spielst mit: ${d.game}`, "Hallo", ["Du bist von der Warteliste nachgerückt und spielst mit!"], "Zum Spiel"),
    "tournament-moved-up": (d) => team(d, `Nachgerückt: ${d.tournament}`, "Hallo", ["Ein Platz ist frei geworden: Dein Team ist von der Warteliste nachgerückt und spielt mit!"], "Zum Turnier"),
    "tournament-moved-up-pay": (d) =>
      team(
        d,
        `Nachgerückt – bitte bezahlen: ${d.tournament}`,
        "Hallo",
        [`Ein Platz ist frei geworden: Dein Team ist von der Warteliste nachgerückt. Bitte bezahle jetzt die Startgebühr von ${money(d.amountCents, "de")}, damit Euer Platz sicher ist.`],
        "Jetzt bezahlen",
      ),
    "tournament-team-cancelled": (d) =>
      team(d, `Anmeldung storniert: ${d.tournament}`, "Hallo", ["Die Anmeldung Deines Teams wurde storniert. Bereits online bezahltes Geld wird vollständig erstattet."], "Zum Turnier"),
    "tournament-cancelled": (d) =>
      team(d, `Turnier abgesagt: ${d.tournament}`, "Hallo", ["Das Turnier wurde vom Veranstalter abgesagt. Bereits online bezahltes Geld wird vollständig erstattet."], "Zum Turnier"),
    "tournament-refunded-outside": (d) =>
      team(d, `Zahlung erstattet: ${d.tournament}`, "Hallo", [`Die Startgebühr von ${d.team} (${money(d.amountCents, "de")}) wurde außerhalb der App erstattet. Das Team gilt nicht mehr als bezahlt, sein Platz ist frei.`], "Zu den Teams"),
    "game-cancelled": (d) => game(d, `Abgesagt: ${d.game}`, "Hallo", ["Das Spiel wurde vom Organisator abgesagt."], "Zum Spiel"),
    "game-auto-cancelled": (d) => game(d, `Abgesagt: ${d.game}`, "Hallo", ["Das Spiel wurde abgesagt, weil sich nicht genug Spieler angemeldet haben."], "Zum Spiel"),
    "game-changed": (d) =>
      game(
        d,
        `Geändert: ${d.game}`,
        "Hallo",
        [
          d.changes?.length ? "Das Spiel wurde geändert:" : "Das Spiel wurde geändert.",
          ...(d.changes ?? []).map((c) => changeLine(c, "de")),
          ...(d.freeCancellation ? ["Du kannst Dich innerhalb von 24 Stunden kostenlos abmelden."] : []),
        ],
        "Änderungen ansehen",
      ),
    "game-player-cancelled": (d) => game(d, `Kurzfristige Abmeldung: ${d.game}`, "Hallo", [`${d.name || "Ein Spieler"} hat sich kurzfristig abgemeldet.`], "Zum Spiel"),
    "game-min-players-warning": (d) =>
      game(d, `Zu wenige Spieler: ${d.game}`, "Hallo", [`Erst ${d.players} von mindestens ${d.minPlayers} Spielern angemeldet.`], "Zum Spiel"),
    "game-takes-place-prompt": (d) =>
      game(d, `Findet das Spiel statt? ${d.game}`, "Hallo", [`Erst ${d.players} von ${d.minPlayers} Spielern angemeldet. Bitte bestätige das Spiel oder sage es ab.`], "Zum Spiel"),
    "game-waiting-list-offer": (d) =>
      game(d, `Ein Platz ist frei geworden: ${d.game}`, "Hallo", [`Ein Platz ist für Dich frei. Nimm ihn bis ${d.until ?? "?"} Uhr an, sonst geht er an den Nächsten auf der Warteliste.`], "Platz annehmen"),
    "game-moved-up-pay": (d) =>
      game(d, `Nachgerückt – bitte bezahlen: ${d.game}`, "Hallo", ["Du bist von der Warteliste nachgerückt. Bitte bezahle jetzt, sonst geht Dein Platz an den Nächsten auf der Warteliste."], "Jetzt bezahlen"),
    "game-payment-failed": (d) =>
      game(d, `Zahlung fehlgeschlagen: ${d.game}`, "Hallo", ["Deine Zahlung ist fehlgeschlagen. Bitte versuche es erneut, solange Dein Platz reserviert ist."], "Erneut bezahlen"),
    "game-payment-due": (d) => game(d, `Reservierung läuft ab: ${d.game}`, "Hallo", ["Deine Reservierung läuft gleich ab. Bitte bezahle jetzt, um Deinen Platz zu behalten."], "Jetzt bezahlen"),
    "game-reservation-expired": (d) =>
      game(d, `Reservierung abgelaufen: ${d.game}`, "Hallo", ["Deine Reservierung ist abgelaufen, Dein Platz wurde freigegeben. Wenn noch Plätze frei sind, kannst Du es erneut versuchen."], "Zum Spiel"),
    "game-payment-released": (d) => game(d, `Zahlung freigegeben: ${d.game}`, "Hallo", ["Deine Zahlung wurde freigegeben. Dir wird nichts berechnet."], "Zum Spiel"),
    "game-payment-taken": (d) =>
      game(d, `Betrag eingezogen: ${d.game}`, "Hallo", ["Du hast Dich weniger als 48 Stunden vor dem Start abgemeldet und es wurde kein Ersatz gefunden. Der Betrag wurde eingezogen."], "Zum Spiel"),
    "game-cash-allowed": (d) => game(d, `Barzahlung erlaubt: ${d.game}`, "Hallo", ["Der Organisator hat Deine Barzahlung erlaubt. Du zahlst vor Ort."], "Zum Spiel"),
    "game-cash-declined": (d) => game(d, `Barzahlung abgelehnt: ${d.game}`, "Hallo", ["Der Organisator hat Deine Barzahlung abgelehnt. Bitte bezahle online, um Deinen Platz zu behalten."], "Jetzt bezahlen"),
    "game-payment-refunded-outside": (d) =>
      game(
        d,
        `Zahlung erstattet: ${d.game}`,
        "Hallo",
        [`Die Zahlung von ${d.name || "einem Spieler"} (${money(d.amountCents, "de")}) wurde außerhalb der App erstattet. Der Platz gilt nicht mehr als bezahlt.`],
        "Zum Spiel",
      ),
    "game-cash-requested": (d) => game(d, `Barzahlung angefragt: ${d.game}`, "Hallo", [`${d.name || "Ein Spieler"} möchte bar bezahlen. Du kannst es in der Spielerliste erlauben oder ablehnen.`], "Zum Spiel"),
    "booking-requested": (d) => booking(d, `Neue Buchungsanfrage: ${d.booking}`, "Hallo", [`${d.name || "Jemand"} möchte Deinen Platz mieten. Nimm die Anfrage an oder lehne sie ab.`], "Anfrage ansehen"),
    "booking-accepted": (d) => booking(d, `Buchung angenommen: ${d.booking}`, "Hallo", ["Deine Buchungsanfrage wurde angenommen. Bitte bezahle innerhalb von 24 Stunden, sonst verfällt sie."], "Jetzt bezahlen"),
    "booking-declined": (d) => booking(d, `Buchung abgelehnt: ${d.booking}`, "Hallo", ["Deine Buchungsanfrage wurde leider abgelehnt. Vielleicht passt eine andere Zeit?"], "Zur Buchung"),
    "booking-paid-owner": (d) => booking(d, `Platz gebucht: ${d.booking}`, "Hallo", [`${d.name || "Jemand"} hat bezahlt. Die Buchung steht in Deinem Kalender.`], "Zur Buchung"),
    "booking-paid-renter": (d) => booking(d, `Platz gebucht: ${d.booking}`, "Hallo", ["Deine Zahlung ist angekommen, der Platz ist für Dich gebucht. Viel Spaß!"], "Zur Buchung"),
    "booking-cancelled": (d) => booking(d, `Buchung storniert: ${d.booking}`, "Hallo", ["Die Buchung wurde storniert. Bereits gezahltes Geld wird vollständig erstattet."], "Zur Buchung"),
    "weekly-confirmation-open": (d) => ({
      subject: `Findet Deine Kickrunde statt? ${d.session}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [d.session, "Du kannst jetzt bestätigen, ob Deine wöchentliche Kickrunde nächste Woche stattfindet. Erst dann wird das Spiel angelegt und Spieler können sich anmelden."],
      button: { label: "Jetzt bestätigen", href: d.link },
      after: [],
    }),
    "weather-alert": (d) => ({
      subject: `${d.kind === "STORM" ? "Sturm" : d.kind === "HEAT" ? "Hitze" : d.kind === "RAIN" ? "Starkregen" : "Unwetter"} angesagt: ${d.game}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [`für Deine Kickrunde ${d.game} ist schlechtes Wetter angesagt: ${d.message}.`, "Wenn ihr nicht spielen könnt, sag die Kickrunde mit einem Tipp wegen Wetter ab: alle Spieler werden benachrichtigt und vorgemerkte Zahlungen freigegeben."],
      button: { label: "Zur Kickrunde", href: d.link },
      after: [],
    }),
    "booking-expired": (d) => booking(d, `Buchung verfallen: ${d.booking}`, "Hallo", ["Die Buchung wurde nicht rechtzeitig angenommen oder bezahlt und ist verfallen. Der Platz ist wieder frei."], "Zur Buchung"),
    "payment-receipt": (d) => receipt(d, "de"),
    "tournament-invoice": (d) => ({
      subject: `Rechnung ${d.number}: ${d.tournament}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [`danke für die Zahlung der Startgebühr von Team „${d.team}“ für ${d.tournament}.`, `Im Anhang findest Du die Rechnung ${d.number} als PDF. Du kannst sie auch jederzeit auf der Turnierseite herunterladen.`],
      button: { label: "Zum Turnier", href: d.link },
      after: [],
    }),
    "organizer-invoice": (d) => ({
      subject: `Rechnung ${d.number}: Plattformgebühren ${d.period}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [`im Anhang findest Du die Rechnung ${d.number} über die Plattformgebühren Deiner Kickrunden im ${d.period} als PDF.`, "Die Gebühren wurden bereits bei den Kartenzahlungen einbehalten. Du kannst die Rechnung auch jederzeit in Deinem Profil herunterladen."],
      button: { label: "Zum Profil", href: d.link },
      after: [],
    }),
    "tournament-invoice-cancellation": (d) => ({
      subject: `Stornorechnung ${d.number}: ${d.tournament}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [
        `die Startgebühr von Team „${d.team}“ für ${d.tournament} wurde erstattet. Damit ist die Rechnung ${d.cancels} aufgehoben.`,
        `Im Anhang findest Du die Stornorechnung ${d.number} als PDF. Du kannst sie auch jederzeit auf der Turnierseite herunterladen.`,
      ],
      button: { label: "Zum Turnier", href: d.link },
      after: [],
    }),
    "tournament-channel-message": (d) => ({
      subject: `Neuigkeiten: ${d.tournament}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [`der Veranstalter von ${d.tournament} hat eine Nachricht an alle Teams geschrieben:`, d.message ?? ""],
      button: { label: "Zum Turnierkanal", href: d.link },
      after: [],
    }),
    "tournament-payment-reminder": (d) => ({
      subject: `Zahlungserinnerung: ${d.tournament}`,
      greeting: `Hallo ${d.firstName},`,
      lines: [
        `Dein Team ${d.team ? `„${d.team}“ ` : ""}ist für ${d.tournament} angemeldet, die Startgebühr von ${money(d.amountCents, "de")} ist aber noch offen.`,
        "Bitte bezahle sie bald, damit Euer Platz sicher ist.",
      ],
      button: { label: "Jetzt bezahlen", href: d.link },
      after: [],
    }),
    footer: "Kickrunde – Freizeitfußball in Deiner Stadt",
  },
  en: {
    "confirm-email": (d) => ({
      subject: "Please confirm your email address",
      greeting: `Hi ${d.firstName},`,
      lines: ["please confirm your email address so you can create games and join waiting lists."],
      button: { label: "Confirm email address", href: d.link },
      after: ["The link is valid for 48 hours. If you did not sign up for Kickrunde, just ignore this email."],
    }),
    "reset-password": (d) => ({
      subject: "Your new Kickrunde password",
      greeting: `Hi ${d.firstName},`,
      lines: ["You asked for a new password. Use the button below to set it."],
      button: { label: "Set a new password", href: d.link },
      after: ["The link is valid for 2 hours and works once. Afterwards you are signed out on all devices.", "Did not ask for this? Ignore this email and your password stays as it is."],
    }),
    "welcome-set-password": (d) => ({
      subject: "Welcome to Kickrunde – set your password",
      greeting: `Hi ${d.firstName},`,
      lines: ["with your tournament registration we created a Kickrunde account for you. Use the button below to set your password, then you can sign in any time and manage your team."],
      button: { label: "Set password", href: d.link },
      after: ["The link is valid for 7 days and works once. Afterwards you can always ask for a new one with “Forgot password?”.", "Did not register for a tournament? Ignore this email."],
    }),
    "email-changed": (d) => ({
      subject: "Your email address was changed",
      greeting: `Hi ${d.firstName},`,
      lines: [`the email address of your Kickrunde account was changed to ${d.newEmail}.`],
      after: ["Was this not you? Please contact us right away: hallo@kickrunde.de"],
    }),
    "game-moved-up": (d) => game(d, `You're playing: ${d.game}`, "Hi", ["You moved up from the waiting list and are playing!"], "Open the game"),
    "tournament-moved-up": (d) => team(d, `Moved up: ${d.tournament}`, "Hi", ["A place became free: your team moved up from the waiting list and is playing!"], "Open the tournament"),
    "tournament-moved-up-pay": (d) =>
      team(
        d,
        `Moved up – please pay: ${d.tournament}`,
        "Hi",
        [`A place became free: your team moved up from the waiting list. Please pay the entry fee of ${money(d.amountCents, "en")} now so your place is safe.`],
        "Pay now",
      ),
    "tournament-team-cancelled": (d) =>
      team(d, `Registration cancelled: ${d.tournament}`, "Hi", ["Your team's registration was cancelled. Money already paid online is refunded in full."], "Open the tournament"),
    "tournament-cancelled": (d) =>
      team(d, `Tournament cancelled: ${d.tournament}`, "Hi", ["The tournament was cancelled by the organiser. Money already paid online is refunded in full."], "Open the tournament"),
    "tournament-refunded-outside": (d) =>
      team(d, `Payment refunded: ${d.tournament}`, "Hi", [`The entry fee of ${d.team} (${money(d.amountCents, "en")}) was refunded outside the app. The team no longer counts as paid and its place is free.`], "Open the teams"),
    "game-cancelled": (d) => game(d, `Cancelled: ${d.game}`, "Hi", ["The game was cancelled by the organiser."], "Open the game"),
    "game-auto-cancelled": (d) => game(d, `Cancelled: ${d.game}`, "Hi", ["The game was cancelled because not enough players signed up."], "Open the game"),
    "game-changed": (d) =>
      game(
        d,
        `Changed: ${d.game}`,
        "Hi",
        [
          d.changes?.length ? "The game was changed:" : "The game was changed.",
          ...(d.changes ?? []).map((c) => changeLine(c, "en")),
          ...(d.freeCancellation ? ["You can cancel free of charge within 24 hours."] : []),
        ],
        "See the changes",
      ),
    "game-player-cancelled": (d) => game(d, `Short-notice cancellation: ${d.game}`, "Hi", [`${d.name || "A player"} cancelled at short notice.`], "Open the game"),
    "game-min-players-warning": (d) =>
      game(d, `Not enough players: ${d.game}`, "Hi", [`Only ${d.players} of at least ${d.minPlayers} players have signed up.`], "Open the game"),
    "game-takes-place-prompt": (d) =>
      game(d, `Is the game taking place? ${d.game}`, "Hi", [`Only ${d.players} of ${d.minPlayers} players have signed up. Please confirm or cancel the game.`], "Open the game"),
    "game-waiting-list-offer": (d) =>
      game(d, `A place became free: ${d.game}`, "Hi", [`A place is free for you. Accept it by ${d.until ?? "?"}, or it goes to the next player on the waiting list.`], "Take the place"),
    "game-moved-up-pay": (d) =>
      game(d, `Moved up – please pay: ${d.game}`, "Hi", ["You moved up from the waiting list. Please pay now, or your place goes to the next player on the waiting list."], "Pay now"),
    "game-payment-failed": (d) => game(d, `Payment failed: ${d.game}`, "Hi", ["Your payment failed. Please try again while your place is reserved."], "Pay again"),
    "game-payment-due": (d) => game(d, `Reservation running out: ${d.game}`, "Hi", ["Your reservation runs out soon. Please pay now to keep your place."], "Pay now"),
    "game-reservation-expired": (d) =>
      game(d, `Reservation expired: ${d.game}`, "Hi", ["Your reservation expired and your place was released. If places are still free, you can try again."], "Open the game"),
    "game-payment-released": (d) => game(d, `Payment released: ${d.game}`, "Hi", ["Your payment was released. You will not be charged."], "Open the game"),
    "game-payment-taken": (d) =>
      game(d, `Amount charged: ${d.game}`, "Hi", ["You cancelled less than 48 hours before the start and no replacement was found. The amount was charged."], "Open the game"),
    "game-cash-allowed": (d) => game(d, `Cash payment allowed: ${d.game}`, "Hi", ["The organiser allowed you to pay in cash. You pay on site."], "Open the game"),
    "game-cash-declined": (d) => game(d, `Cash payment declined: ${d.game}`, "Hi", ["The organiser declined your cash payment. Please pay online to keep your place."], "Pay now"),
    "game-payment-refunded-outside": (d) =>
      game(
        d,
        `Payment refunded: ${d.game}`,
        "Hi",
        [`The payment of ${d.name || "a player"} (${money(d.amountCents, "en")}) was refunded outside the app. The place no longer counts as paid.`],
        "Open the game",
      ),
    "game-cash-requested": (d) => game(d, `Cash payment requested: ${d.game}`, "Hi", [`${d.name || "A player"} would like to pay in cash. You can allow or decline it in the player list.`], "Open the game"),
    "booking-requested": (d) => booking(d, `New booking request: ${d.booking}`, "Hi", [`${d.name || "Someone"} would like to rent your court. Accept or decline the request.`], "View request"),
    "booking-accepted": (d) => booking(d, `Booking accepted: ${d.booking}`, "Hi", ["Your booking request was accepted. Please pay within 24 hours, or it lapses."], "Pay now"),
    "booking-declined": (d) => booking(d, `Booking declined: ${d.booking}`, "Hi", ["Unfortunately your booking request was declined. Maybe another time suits?"], "Open the booking"),
    "booking-paid-owner": (d) => booking(d, `Court booked: ${d.booking}`, "Hi", [`${d.name || "Someone"} paid. The booking is in your calendar.`], "Open the booking"),
    "booking-paid-renter": (d) => booking(d, `Court booked: ${d.booking}`, "Hi", ["Your payment arrived and the court is booked for you. Have fun!"], "Open the booking"),
    "booking-cancelled": (d) => booking(d, `Booking cancelled: ${d.booking}`, "Hi", ["The booking was cancelled. Money already paid is refunded in full."], "Open the booking"),
    "weekly-confirmation-open": (d) => ({
      subject: `Is your weekly session taking place? ${d.session}`,
      greeting: `Hi ${d.firstName},`,
      lines: [d.session, "You can now confirm whether your weekly session takes place next week. Only then is the game created and players can join."],
      button: { label: "Confirm now", href: d.link },
      after: [],
    }),
    "weather-alert": (d) => ({
      subject: `${d.kind === "STORM" ? "Storm" : d.kind === "HEAT" ? "Heat" : d.kind === "RAIN" ? "Heavy rain" : "Severe weather"} forecast: ${d.game}`,
      greeting: `Hi ${d.firstName},`,
      lines: [`bad weather is forecast for your game ${d.game}: ${d.message}.`, "If you cannot play, cancel the game because of the weather with one tap: every player is told and held payments are released."],
      button: { label: "Open the game", href: d.link },
      after: [],
    }),
    "booking-expired": (d) => booking(d, `Booking lapsed: ${d.booking}`, "Hi", ["The booking was not accepted or paid in time and has lapsed. The court is free again."], "Open the booking"),
    "payment-receipt": (d) => receipt(d, "en"),
    "tournament-invoice": (d) => ({
      subject: `Invoice ${d.number}: ${d.tournament}`,
      greeting: `Hi ${d.firstName},`,
      lines: [`thank you for paying team “${d.team}”'s entry fee for ${d.tournament}.`, `Invoice ${d.number} is attached as a PDF. You can also download it from the tournament's page at any time.`],
      button: { label: "Open the tournament", href: d.link },
      after: [],
    }),
    "organizer-invoice": (d) => ({
      subject: `Invoice ${d.number}: platform fees ${d.period}`,
      greeting: `Hi ${d.firstName},`,
      lines: [`invoice ${d.number} for the platform fees of your games in ${d.period} is attached as a PDF.`, "The fees were already withheld from the card payments. You can also download the invoice from your profile at any time."],
      button: { label: "Open your profile", href: d.link },
      after: [],
    }),
    "tournament-invoice-cancellation": (d) => ({
      subject: `Cancellation invoice ${d.number}: ${d.tournament}`,
      greeting: `Hi ${d.firstName},`,
      lines: [
        `team “${d.team}”'s entry fee for ${d.tournament} has been refunded, so invoice ${d.cancels} is cancelled.`,
        `Cancellation invoice ${d.number} is attached as a PDF. You can also download it from the tournament's page at any time.`,
      ],
      button: { label: "Open the tournament", href: d.link },
      after: [],
    }),
    "tournament-channel-message": (d) => ({
      subject: `News: ${d.tournament}`,
      greeting: `Hi ${d.firstName},`,
      lines: [`the organiser of ${d.tournament} wrote a message to all teams:`, d.message ?? ""],
      button: { label: "Open the tournament channel", href: d.link },
      after: [],
    }),
    "tournament-payment-reminder": (d) => ({
      subject: `Payment reminder: ${d.tournament}`,
      greeting: `Hi ${d.firstName},`,
      lines: [
        `your team ${d.team ? `“${d.team}” ` : ""}is registered for ${d.tournament}, but the entry fee of ${money(d.amountCents, "en")} is still open.`,
        "Please pay it soon so your place is safe.",
      ],
      button: { label: "Pay now", href: d.link },
      after: [],
    }),
    footer: "Kickrunde – casual football in your city",
  },
};

/** Every template's name (the texts-completeness test renders each in both languages). */
export const MAIL_TEMPLATE_NAMES = Object.keys(COPY.de).filter((k) => k !== "footer") as MailTemplate["name"][];

export function renderMail(template: MailTemplate, language: Language): RenderedMail {
  const copy = COPY[language];
  const p = (copy[template.name] as (d: MailTemplate["data"]) => Parts)(template.data);
  const text = [p.greeting, "", ...p.lines, ...(p.button ? ["", `${p.button.label}: ${p.button.href}`] : []), "", ...(p.after ?? []), "", "—", copy.footer].join("\n");
  const paragraph = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escape(s)}</p>`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(p.subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden" cellpadding="0" cellspacing="0">
<tr><td style="background:#166534;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:700">⚽ Kickrunde</td></tr>
<tr><td style="padding:28px">
${paragraph(p.greeting)}
${p.lines.map(paragraph).join("\n")}
${p.button ? `<p style="margin:24px 0"><a href="${escape(p.button.href)}" style="display:inline-block;background:#16a34a;color:#ffffff;text-decoration:none;font-weight:700;padding:14px 22px;border-radius:12px">${escape(p.button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b7280;word-break:break-all">${escape(p.button.href)}</p>` : ""}
${(p.after ?? []).map(paragraph).join("\n")}
</td></tr>
<tr><td style="padding:16px 28px;background:#f9fafb;font-size:12px;color:#6b7280">${escape(copy.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: p.subject, text, html };
}
