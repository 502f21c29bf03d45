/**
 * Every error the server can send, by stable code. The code is also the i18n key:
 * the client shows m[`error_${code}`](), never a raw server string.
 * `message` is the English server text; the native wrapper (built against the old API)
 * matches on parts of it ("Email is already in use", "credentials"), so keep those words.
 */
export const ERROR_CODES = {
  UNEXPECTED: "Unexpected server error",
  VALIDATION: "Invalid input",
  METHOD_NOT_ALLOWED: "Use POST for mutations and GET for queries",
  PAYLOAD_TOO_LARGE: "Request body too large",
  // The native wrapper refreshes its token and replays the call on exactly this text (spec 001
  // section 4), so only UNAUTHENTICATED may use it; a real denial must not send it into that loop.
  UNAUTHENTICATED: "You do not have permission to perform this action",
  FORBIDDEN: "You are not allowed to perform this action",
  NOT_FOUND: "Not found",
  CSRF_FAILED: "CSRF verification failed",
  EMAIL_IN_USE: "Email is already in use",
  INVALID_CREDENTIALS: "Please enter valid credentials",
  TOO_MANY_LOGIN_ATTEMPTS: "Too many login attempts, try again later",
  TOO_YOUNG: "You must be at least 16 years old",
  REGION_NOT_FOUND: "Region not found",
  USER_NOT_FOUND: "User not found",
  SESSION_EXPIRED: "Session expired",
  // games (spec 000 section 8)
  EMAIL_NOT_VERIFIED: "Email address is not verified",
  GAME_NOT_FOUND: "Game not found",
  COURT_NOT_FOUND: "Court not found",
  GAME_EDIT_FORBIDDEN: "You do not have permission to edit this game",
  PUBLIC_GAME_WITHIN_HOUR: "You already created a public game within the last hour",
  SAME_COURT_WITHIN_HOUR: "There is already a game on this court within an hour",
  TOO_MANY_PUBLIC_GAMES_WEEK: "You can create at most five public games per week",
  GAME_CREATION_THROTTLED: "You can create one game every 2 minutes",
  GAME_TOO_FAR_AHEAD: "Games can be created at most two months in advance",
  GAME_IN_PAST: "The start time lies in the past",
  START_TIME_STEP: "The start time must be on a 5-minute step",
  ALREADY_IN_GAME_AT_TIME: "Already participating in a game around the same time",
  MAX_PLAYERS_BELOW_ATTENDEES: "Maximum players below the number of attendees",
  MAX_PLAYERS_BELOW_MIN: "Maximum players below minimum players",
  PLAYER_COUNT_ABOVE_MAX: "More players than the maximum",
  GAME_EDIT_TOO_LATE: "Past games or games starting within half an hour cannot be changed",
  SHORT_NOTICE_CANCELLATION: "Short-notice cancellation not allowed",
  GAME_ALREADY_STARTED: "Game already started",
  GAME_ALREADY_CANCELLED: "Game already cancelled",
  PRICE_NOT_ALLOWED: "You are not authorised to set a price",
  PRICE_RAISE_NOT_ALLOWED: "The price cannot be raised once participants exist",
  MANAGED_PRICE_TOO_LOW: "Managed payment needs a price of at least 2.50 euro",
  MANAGED_PAYMENT_TOO_FAR_AHEAD: "Managed-payment games can be created at most six days in advance",
  TITLE_NOT_ALLOWED: "Only admins and organisations can set a title",
  GAME_TYPE_NOT_ALLOWED: "You cannot publish games of this type",
  INSTANT_CAPTURE_NOT_ALLOWED: "You cannot use instant capture",
  ORGANIZATION_GAME_NOT_ALLOWED: "You are not a member of an organisation",
  PLAYS_HIMSELF_NOT_ALLOWED: "Only admins and organisations can organise without playing",
  GAME_WITHOUT_COURT: "Can not open games that have no court specified.",
  GAME_ALREADY_PUBLIC: "The game is already public",
  // joining and participations (spec 000 section 8, "Joining")
  GAME_CANCELLED: "The game is cancelled",
  GAME_OVER: "The game is over",
  NAME_REQUIRED: "Player or name must be set",
  GUEST_NAME_TAKEN: "First name already in use",
  NOT_ENOUGH_PLACES: "Not enough places",
  GUEST_EXTRA_LIMIT: "Guests can only bring one more player",
  PLAYER_EXTRA_LIMIT: "Too many extra players",
  GUEST_NEEDS_NOTIFICATIONS: "Guest without device token",
  ALREADY_PARTICIPATING: "Already participating",
  BANNED_FROM_GAME: "Banned from this game",
  QUEUE_NEEDS_NOTIFICATIONS: "Cannot queue a player without notifications",
  QUEUE_NEEDS_VERIFIED_EMAIL: "The waiting list needs a verified email address",
  QUEUE_WITH_EXTRAS: "No extra players on the waiting list",
  MANAGED_PAYMENT_NEEDS_ACCOUNT: "Games with managed payment need an account",
  MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL: "Games with managed payment need a verified email address",
  PARTICIPATION_NOT_FOUND: "Participation not found",
  PARTICIPATION_FORBIDDEN: "You cannot change this participation",
  REMOVAL_TOO_LATE: "Players cannot be removed within 4 hours of the start",
  GAME_NOT_FULL: "Only players of a full game can be moved to the waiting list",
  PLAYER_COUNT_TOO_LOW: "The player count cannot go lower",
  PAYMENT_TRANSITION_NOT_ALLOWED: "This payment status change is not allowed",
  // rating and reports
  TOO_FEW_PLAYERS_TO_RATE: "Rating needs at least two players",
  RATING_NOT_OPEN: "Rating opens one hour after the start",
  RATING_CLOSED: "Rating closed seven days after the end",
  GAME_NOT_PAST: "Game not yet past",
  NO_PARTICIPATION: "No participation in this game",
  OWN_GAME: "You cannot report your own game",
  ALREADY_REPORTED: "Already reported",
  GUEST_NOT_FOUND: "Guest not found",
  // images (spec 001 sections 5 and 8; the old client matches 'File size' and 'format')
  IMAGE_TOO_LARGE: "File size too large: at most 1 MB",
  IMAGE_FORMAT: "Invalid format: only .jpg, .jpeg and .png are allowed",
  IMAGE_DIMENSIONS: "Image dimensions too large",
  IMAGE_BUSY: "Too many pictures are being processed, try again in a moment",
  IMAGE_TIMEOUT: "Processing the picture took too long",
  // chat (spec 000 section 8, "Messages")
  COMMENT_RATE_LIMITED: "One message per 10 seconds",
  DIRECT_MESSAGE_RATE_LIMITED: "One message per 3 seconds",
  MESSAGE_TO_SELF: "You cannot send messages to yourself",
  RECEIVER_NOT_FOUND: "User does not exist",
  COMMENT_NAME_REQUIRED: "Guests need a name to comment",
  COMMENT_NEEDS_NOTIFICATIONS: "Guests need notifications to comment",
  // web push: the subscription's endpoint is not on a push service the server sends to (WEB_PUSH_HOSTS)
  PUSH_SERVICE_NOT_SUPPORTED: "This push service is not supported",
  // accounts (spec 001 sections 2.3-2.5, 4)
  EMAIL_TOKEN_INVALID: "The email could not be confirmed",
  EMAIL_TOKEN_EXPIRED: "The confirmation link has expired",
  RESET_TOKEN_INVALID: "invalid token",
  DELETE_CONFIRMATION_REQUIRED: "Type the confirmation word to delete the account",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/**
 * Field-level validation problems: each `code` is a translation key suffix (`validation_${code}`),
 * produced by the shared zod schemas so form and server speak the same words.
 */
export type FieldIssue = { path: string; code: string; params?: Record<string, string | number> };

/** The shape of `data.app` in tRPC errors and `extensions` in GraphQL errors. */
export type AppErrorData = {
  code: ErrorCode;
  details?: Record<string, string | number | boolean | null>;
  fields?: FieldIssue[];
};
