/** Business constants (spec 001 section 9, spec 000 section 9), named once. */
export const PRODUCT_NAME = "Kickrunde";

export const MIN_AGE_YEARS = 16;
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so argon2 is never fed megabytes; not in the spec. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

export const SESSION_DURATION_DAYS = 30;

export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
/** The product's first language: its own texts are written in German first. */
export const DEFAULT_LANGUAGE: Language = "de";
/**
 * The spec's fallback language (spec 001 sections 1 and 9): a browser, device or request in a language
 * we do not speak (French, or none at all) gets English, never German.
 */
export const FALLBACK_LANGUAGE: Language = "en";

export const GAME_TIME_ZONE = "Europe/Berlin";

/** Staff groups (spec 001 section 3): '{product}-Leiter', '-Mitarbeiter', '-Partner'. */
export const STAFF_GROUP_LEAD = `${PRODUCT_NAME}-Leiter`;
export const STAFF_GROUP_EMPLOYEE = `${PRODUCT_NAME}-Mitarbeiter`;
export const STAFF_GROUP_PARTNER = `${PRODUCT_NAME}-Partner`;

export const SUPPORT_USER_ID = 75;
export const REGION_SEARCH_THRESHOLD = 0.45;
export const BUTTON_REENABLE_MS = 3000;
export const VALIDATION_DEBOUNCE_MS = 2000;
export const UNREAD_REFRESH_MS = 2 * 60 * 1000;

/** Map defaults (spec 001 section 9). */
export const MAP_DEFAULT_CENTER = { latitude: 51.175899, longitude: 10.947876 } as const;
export const MAP_ZOOM_LIST = 11;
export const MAP_ZOOM_SINGLE = 16;
/** Map heights in px (spec 001 section 9: 375 or 400): 375 inside screens with more below, 400 on the courts page. */
export const MAP_HEIGHT_COMPACT = 375;
export const MAP_HEIGHT_FULL = 400;

/** Court fencing (spec 001 section 3). */
export const COURT_FENCINGS = ["NONE", "PARTIAL", "FULL", "CAGE"] as const;
/** Court images (spec 001 sections 5 and 9): 1200 x 750 (ratio 1.6), organisation logos 640 x 640, each at most 1 MB. */
export const COURT_IMAGE = { width: 1200, height: 750, maxBytes: 1024 * 1024 } as const;
export const ORGANIZATION_LOGO = { width: 640, height: 640, maxBytes: 1024 * 1024 } as const;
/** Nearby-courts search radius in km when a region gives none; the largest radius a caller may ask for. */
export const COURTS_DEFAULT_DISTANCE_KM = 20;
export const COURTS_MAX_DISTANCE_KM = 200;
/** How close (in metres) another court must be to be shown as "already here?" when a new one is placed. */
export const COURT_NEARBY_CHECK_METERS = 300;

/**
 * Court booking status codes (spec 001 section 4): OP Offen, RE Angefragt, TP Zahlung notwendig (accepted,
 * to pay), BO Gebucht, DE Abgelehnt, CA Storniert.
 */
export const COURT_BOOKING_STATUSES = ["OP", "RE", "TP", "BO", "DE", "CA"] as const;
export type CourtBookingStatus = (typeof COURT_BOOKING_STATUSES)[number];
/** What happened to a booking (the notification ledger, domains/bookings). */
export const COURT_BOOKING_EVENT_TYPES = ["REQUESTED", "ACCEPTED", "DECLINED", "PAID", "CANCELLED", "EXPIRED"] as const;
export type CourtBookingEventType = (typeof COURT_BOOKING_EVENT_TYPES)[number];
/** Court booking rules (spec 001 sections 5 and 9; our limits in server/domains/bookings/README.md "Court bookings"). */
export const COURT_BOOKING = {
  /** booking lengths in minutes */
  durations: [60, 90] as const,
  /** bookings start on this grid (minutes, Berlin wall time), like the calendars' 30-minute steps */
  stepMinutes: 30,
  /** the owner's share of the price after discount, in percent */
  ownerSharePercent: 80,
  /** how far ahead a court can be booked, in days */
  maxDaysAhead: 90,
  /** an accepted booking must be paid within this many hours (and before its start) */
  paymentHours: 24,
  /** the renter may cancel a paid booking (full refund) until this many hours before its start */
  renterCancelHours: 48,
  /** manual bookings: title length, weekly recurrences (min 0, default 2; our maximum) */
  titleMax: 80,
  recurrencesDefault: 2,
  recurrencesMax: 52,
  /** the owner calendar (spec 001 section 9) */
  ownerCalendar: { dayStart: "08:00", stepMinutes: 30, slotHeightPx: 60, defaultTime: "12:00" },
  /** the public availability calendar: 10:00 to 22:00, day view at 768 px or narrower */
  publicCalendar: { dayStart: "10:00", dayEnd: "22:00", stepMinutes: 30, mobileBreakpointPx: 768 },
  /** list length of 'Buchungen' and 'Vermietungen' */
  listLimit: 100,
  /** calendar queries span at most this many days */
  calendarMaxDays: 42,
} as const;
/** Weekly sessions (spec 000 sections 4, 9; server/domains/weekly/README.md "Weekly sessions"). */
export const WEEKLY_SESSION = {
  /** confirming the next week opens this long after the latest week's start */
  confirmationAfterHours: 24,
  /** regulars: played at least this many of the session's games in the last weeks */
  regularsMinGames: 2,
  regularsWeeks: 4,
  /** how long only the regulars may join a new week's game */
  headStartHours: 24,
} as const;

/** Google calendar import (spec 001 section 9): every 5 minutes. */
export const GOOGLE_IMPORT_CRON = "*/5 * * * *";

/** Login throttling (our design, server/domains/auth/README.md). */
export const LOGIN_THROTTLE = {
  /** failures per account before a wait is imposed */
  accountFreeFailures: 5,
  /** first wait, doubled on each further failure, capped */
  accountBaseLockSeconds: 30,
  accountMaxLockSeconds: 15 * 60,
  /** failures per IP in the window before that IP waits */
  ipMaxFailures: 30,
  ipWindowSeconds: 15 * 60,
} as const;

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";
export const SESSION_COOKIE = "session";
/** Readable by scripts: tells the client a session exists and until when (spec 001 section 2.3). */
export const AUTH_STATE_COOKIE = "logged_in";

/* ---- Games (spec 000 sections 3, 5, 9) ---- */
export const GAME_LEVELS = ["ALL", "LOW", "MEDIUM", "HIGH"] as const;
export const GAME_GENDERS = ["MIXED", "MALE", "FEMALE"] as const;
/** KICKRUNDE is the product's own type, published by admins only (spec 000 section 6). */
export const GAME_TYPES = ["PUBLIC", "PRIVATE", "KICKRUNDE"] as const;
export const CANCELLATION_REASONS = ["BAD_WEATHER", "COURT_NOT_AVAILABLE", "OTHER_REASON", "TOO_FEW_PLAYERS", "UNABLE_TO_ATTEND"] as const;
export const TURFS = ["AG", "GR", "TT", "AS", "AH", "LL", "SA"] as const;
export const GAME_DURATIONS_MINUTES = [30, 45, 60, 90, 120, 180, 240, 300, 360] as const;

export const GAME_DEFAULTS = {
  minPlayers: 10,
  maxPlayers: null,
  gameType: "PUBLIC",
  playerCount: 1,
  bringsBall: false,
  bringsBibs: false,
  level: "ALL",
  gender: "MIXED",
  teams: 2,
  durationMinutes: 60,
  title: null,
  playsHimself: true,
  gameMode: 5,
  instantCapture: false,
  externalPaymentRequestsAllowed: false,
  isManagedPayment: false,
  priceCents: 0,
} as const;

export const TEAMS_MIN = 1;
export const TEAMS_MAX = 19;
export const GAME_MODE_MIN = 1;
export const GAME_MODE_MAX = 11;
/** Max players options reach up to 100 above teams x gameMode. */
export const MAX_PLAYERS_ABOVE_TEAMS = 100;
export const PLAYER_COUNT_MAX = 100;
/** Minimum-players choices exclude 0 and 1 (spec 000 section 5); the schema refuses them on create and edit. */
export const MIN_PLAYERS_MIN = 2;
/** "Takes place" below the minimum sets minPlayers to this (spec 000 sections 4, 7); nothing else may. */
export const TAKES_PLACE_MIN_PLAYERS = 0;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const TITLE_MAX_LENGTH = 80;

export const PRICE_MAX_CENTS = 10000;
export const PRICE_STEP_CENTS = 50;
export const MANAGED_PRICE_MIN_CENTS = 250;
export const MANAGED_PAYMENT_MAX_DAYS_AHEAD = 6;
export const GAME_MAX_MONTHS_AHEAD = 2;
export const START_MINUTE_STEP = 5;

/** One public game per hour and five per week per organiser; one game per 2 minutes (server/domains/games/README.md). */
export const PUBLIC_GAMES_PER_HOUR = 1;
export const PUBLIC_GAMES_PER_WEEK = 5;
export const GAME_CREATION_THROTTLE_SECONDS = 120;
export const SAME_COURT_WINDOW_MINUTES = 60;

export const EDIT_BLOCKED_BEFORE_START_MINUTES = 30;
export const CANCEL_BLOCKED_BEFORE_START_MINUTES = 60;
export const MIN_PLAYERS_WARNING_HOURS = 8;
export const TAKES_PLACE_PROMPT_HOURS = 3;
export const AUTO_CANCEL_BEFORE_START_MINUTES = 60;
export const MISSING_PLAYERS_TIP_THRESHOLD = 4;
export const MISSING_PLAYERS_TIP_WITHIN_HOURS = 24;
export const PROGRESS_CAP_PERCENT_WITHOUT_MAX = 95;
export const NIGHT_HINT_BEFORE_HOUR = 8;
export const MORNING_HINT_BEFORE_HOUR = 11;

/* ---- Participation (spec 000 sections 4, 5, 9) ---- */
export const PAYMENT_STATUSES = ["None", "Open", "Approved", "Captured", "Released", "PaidExternally", "Expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REMOVAL_REASONS = ["RELIABILITY_RATING_TOO_BAD", "FRIEND_PLAYS_INSTEAD", "OTHER_REASON"] as const;
export const RELIABILITY_FEEDBACK = ["CAME", "CAME_LATE", "DID_NOT_COME"] as const;
export const REPORT_REASONS = [
  "COURT_NOT_AS_DESCRIBED",
  "COURT_NOT_AVAILABLE",
  "ORGANIZER_DID_NOT_SHOW_UP",
  "ORGANIZER_TOO_LATE",
  "OTHER_REASON",
  "TOO_FEW_PLAYERS",
] as const;
export const GUEST_MAX_EXTRA_PLAYERS = 1;
export const PLAYER_MAX_EXTRA_PLAYERS = 2;
/** extras allowed to admins/creators (and in managed games) when the game has no maximum */
export const UNLIMITED_MAX_EXTRA_PLAYERS = 19;
export const REMOVAL_BLOCKED_BEFORE_START_HOURS = 4;
export const FREE_CANCELLATION_BEFORE_START_HOURS = 48;
/**
 * How long a place in a managed-payment game waits for its payment after joining or moving up from
 * the waiting list (spec 000 section 4: "Open has a reservation deadline"; the duration is ours, README
 * Decisions): time for 3-D Secure or a PayPal detour, short enough that an unpaid place soon goes to
 * the next in the waiting list.
 */
export const PAYMENT_RESERVATION_MINUTES = 15;
export const SHORT_NOTICE_ORGANISER_NOTICE_HOURS = 2;
export const RATING_OPENS_AFTER_START_MINUTES = 60;
export const RATING_CLOSES_AFTER_END_DAYS = 7;
/** Rating needs 2 active participations (spec 000 section 4), not 2 players: an organiser alone with "+1" may not rate. */
export const RATING_MIN_ACTIVE_PARTICIPATIONS = 2;
export const REPORT_MIN_LENGTH = 20;
export const REPORT_MAX_LENGTH = 1000;
/** ratings stay "unknown" until this many rated games (server/domains/participation/README.md) */
export const RATING_MIN_HISTORY = 3;
export const RATING_HISTORY_WINDOW = 20;
export const GUEST_PAGE_SIZE = 5;
/**
 * Anonymous guests (server/domains/participation/README.md "Guest limits"): keyed first on the client's address (which the
 * client cannot choose; IPv6 by its /64), then on the device token it sends. Joins and comments count
 * in a window of `windowSeconds`; places per game are the guest participations still active in it.
 */
export const GUEST_LIMITS = {
  windowSeconds: 10 * 60,
  joinsPerAddress: 6,
  joinsPerDevice: 3,
  placesPerAddressPerGame: 2,
  placesPerDevicePerGame: 1,
  commentsPerAddress: 10,
  commentsPerDevice: 5,
} as const;

/* ---- Chat (spec 000 sections 4, 5, 8, 9) ---- */
export const MESSAGE_MAX_LENGTH = 500;

/** The longest message a player sends with a cash request (the same bound as a removal message). */
export const CASH_MESSAGE_MAX_LENGTH = 500;
export const COMMENT_INTERVAL_SECONDS = 10;
export const DIRECT_MESSAGE_INTERVAL_SECONDS = 3;
export const DIRECT_MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PREVIEW_LENGTH = 40;
/** Hosts whose links are clickable in messages: the product's own, and payment onboarding (https). */
export const PRODUCT_HOSTS = ["kickrunde.de"] as const;
export const PAYMENT_ONBOARDING_HOSTS = ["connect.stripe.com"] as const;
export const GAME_MATES_DAYS = 90;

/* ---- Payments (spec 000 section 9, spec 001 sections 3 and 9; shared/rules/fees.ts) ---- */
/** The dynamic fee in percent of the participation's price, unless the game's organisation sets its own. */
export const DEFAULT_FEE_PERCENTAGE = 6;
/** The static fee per participation (one payment), in cents. */
export const STATIC_FEE_CENTS = 39;
/** The payment provider's monthly fee, deducted from an organiser's first payout of a month when not yet paid. */
export const MONTHLY_PROVIDER_FEE_CENTS = 200;
export const PAYMENT_CURRENCY = "eur";
/** Stripe's `business_type` of a connected account (spec 001 section 3 `paymentBusinessType`). */
export const PAYMENT_BUSINESS_TYPES = ["individual", "company", "non_profit", "government_entity"] as const;
export type PaymentBusinessType = (typeof PAYMENT_BUSINESS_TYPES)[number];
/** The pause before the onboarding screen checks the account after the return from the provider (spec 001 section 9). */
export const PAYMENT_ONBOARDING_CHECK_DELAY_MS = 7;
/** What a payment pays for: a participation in a game, a court booking, a tournament participation. */
export const PAYMENT_PURPOSES = ["participation", "court_booking", "tournament"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** Stripe's `capture_method` of a payment intent: manual holds the card until captured (spec 000 section 4). */
export const CAPTURE_METHODS = ["automatic", "manual"] as const;
/** Stripe's payment intent statuses, mirrored on our `payments` row. */
export const PAYMENT_INTENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];
/** Addresses a user may keep (the first one is used, spec 001 section 3); a bound so none grows without end. */
export const ADDRESSES_PER_USER_MAX = 5;

// ---------------------------------------------------------------------------------------------
// Running the platform (issue 26)

/** Advertisements (spec 001 sections 3, 9; spec 000 section 9): game-feed ads and tournament-page ads. */
export const AD_KINDS = ["GAME", "TOURNAMENT"] as const;
export type AdKind = (typeof AD_KINDS)[number];
export const AD_GAME_SIZES = ["BIG", "HALF", "MEDIUM"] as const;
export const AD_TOURNAMENT_SIZES = ["SMALL", "MEDIUM", "BIG"] as const;
export const AD_SIZES = ["BIG", "HALF", "MEDIUM", "SMALL"] as const;
export type AdSize = (typeof AD_SIZES)[number];
/** Feed positions: after the group of today, tomorrow, this week, the next weeks; DEFAULT at the feed's end. */
export const AD_POSITIONS = ["AFTER_TODAY", "AFTER_TOMORROW", "AFTER_THIS_WEEK", "AFTER_NEXT_WEEKS", "DEFAULT"] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];
/**
 * The advertisement image (spec 001 sections 5, 9): jpg/jpeg/png, at most 2 MB, 1200 wide and 375 (small),
 * 750 (medium) or 1125 (big) high. A game ad's HALF is the small height (half a medium).
 */
export const AD_IMAGE = {
  maxBytes: 2 * 1024 * 1024,
  width: 1200,
  heightBySize: { SMALL: 375, HALF: 375, MEDIUM: 750, BIG: 1125 } satisfies Record<AdSize, number>,
} as const;

/** The availability planner (spec 001 sections 2.2, 9): intervals 0 weekly, 1 every two weeks, 2 monthly; weekdays 0 Monday … 6 Sunday. */
export const PLANNER_INTERVALS = [0, 1, 2] as const;
export const PLANNER_MAX_SLOTS = 3;
export const PLANNER_SHARE_CHANNELS = ["WHATSAPP", "TELEGRAM", "LINK"] as const;
export const PLANNER_STATUSES = ["OPEN", "CLOSED", "CONVERTED"] as const;

/** A game report's way through the staff queue (issue 26). */
export const GAME_REPORT_STATUSES = ["OPEN", "ANSWERED", "CLOSED"] as const;

/**
 * A link the app's router takes (not a new tab or window): while the app hydrates a page the server drew, a tap on one
 * is held and replayed once the page is hydrated. One text for the page's inline script (server/http/early-taps.ts)
 * and the app's replay (client/src/lib/early-taps.ts).
 */
export const HELD_LINK_SELECTOR = 'a[href]:not([target="_blank"])';
