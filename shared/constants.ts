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
/** A session is extended when less than this remains (sliding expiry). */
export const SESSION_RENEW_WITHIN_DAYS = 15;

export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de";
/** The spec's fallback language for anything not translated (spec 001 section 9). */
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

/** Login throttling (our design, README Decisions). */
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
