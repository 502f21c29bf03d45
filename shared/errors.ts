/**
 * The HTTP statuses an error may answer with: not found 404; not allowed for who the caller is 403;
 * no or ended session 401; rate limits and quotas 429; a bad value in the input 400; refused by the
 * current state or time of what it acts on (already exists, already done, too late, full) 409;
 * 405 and 413 for the request itself, 415 and 422 for pictures the server cannot take; 500 only
 * for our own faults; 503 when a service we depend on (the payment provider) is off or unreachable.
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What each code declares once: its HTTP status and its English server message. */
export type ErrorSpec = { readonly status: ErrorStatus; readonly message: string };

/**
 * Every error the server can send, by stable code. The code is also the i18n key:
 * the client shows m[`error_${code}`](), never a raw server string.
 * `message` is the English server text; the native wrapper (built against the old API)
 * matches on parts of it ("Email is already in use", "credentials"), so keep those words.
 * `status` is read by every transport (tRPC's HTTP status, GraphQL's `extensions.status`,
 * the upload endpoints, webhooks) through httpStatusOf.
 */
export const ERRORS = {
  UNEXPECTED: { status: 500, message: "Unexpected server error" },
  VALIDATION: { status: 400, message: "Invalid input" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Use POST for mutations and GET for queries" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body too large" },
  // The native wrapper refreshes its token and replays the call on exactly this text (spec 001
  // section 4), so only UNAUTHENTICATED may use it; a real denial must not send it into that loop.
  UNAUTHENTICATED: { status: 401, message: "You do not have permission to perform this action" },
  FORBIDDEN: { status: 403, message: "You are not allowed to perform this action" },
  NOT_FOUND: { status: 404, message: "Not found" },
  CSRF_FAILED: { status: 403, message: "CSRF verification failed" },
  EMAIL_IN_USE: { status: 409, message: "Email is already in use" },
  INVALID_CREDENTIALS: { status: 401, message: "Please enter valid credentials" }, // the given credentials authenticate nobody
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, message: "Too many login attempts, try again later" },
  TOO_YOUNG: { status: 400, message: "You must be at least 16 years old" }, // a value of the input (dateOfBirth), with its field
  REGION_NOT_FOUND: { status: 404, message: "Region not found" },
  USER_NOT_FOUND: { status: 404, message: "User not found" },
  SESSION_EXPIRED: { status: 401, message: "Session expired" },
  // games (spec 000 section 8)
  EMAIL_NOT_VERIFIED: { status: 403, message: "Email address is not verified" }, // the account may not, until it verifies its address
  GAME_NOT_FOUND: { status: 404, message: "Game not found" },
  COURT_NOT_FOUND: { status: 404, message: "Court not found" },
  GAME_EDIT_FORBIDDEN: { status: 403, message: "You do not have permission to edit this game" },
  PUBLIC_GAME_WITHIN_HOUR: { status: 429, message: "You already created a public game within the last hour" }, // a per-organiser throttle
  SAME_COURT_WITHIN_HOUR: { status: 409, message: "There is already a game on this court within an hour" },
  TOO_MANY_PUBLIC_GAMES_WEEK: { status: 429, message: "You can create at most five public games per week" }, // a per-organiser quota
  GAME_CREATION_THROTTLED: { status: 429, message: "You can create one game every 2 minutes" },
  GAME_TOO_FAR_AHEAD: { status: 400, message: "Games can be created at most two months in advance" },
  GAME_IN_PAST: { status: 400, message: "The start time lies in the past" },
  START_TIME_STEP: { status: 400, message: "The start time must be on a 5-minute step" },
  ALREADY_IN_GAME_AT_TIME: { status: 409, message: "Already participating in a game around the same time" }, // the caller's other participation
  MAX_PLAYERS_BELOW_ATTENDEES: { status: 409, message: "Maximum players below the number of attendees" }, // fine on its own, refused by the players already in
  MAX_PLAYERS_BELOW_MIN: { status: 400, message: "Maximum players below minimum players" },
  PLAYER_COUNT_ABOVE_MAX: { status: 400, message: "More players than the maximum" },
  GAME_EDIT_TOO_LATE: { status: 409, message: "Past games or games starting within half an hour cannot be changed" }, // the game's time, not the caller, refuses it
  SHORT_NOTICE_CANCELLATION: { status: 409, message: "Short-notice cancellation not allowed" }, // the game's time, not the caller, refuses it
  GAME_ALREADY_STARTED: { status: 409, message: "Game already started" },
  GAME_ALREADY_CANCELLED: { status: 409, message: "Game already cancelled" },
  PRICE_NOT_ALLOWED: { status: 403, message: "You are not authorised to set a price" },
  PRICE_RAISE_NOT_ALLOWED: { status: 409, message: "The price cannot be raised once participants exist (or payment in progress)" }, // refused by the participants already in, or a payment under way
  MANAGED_GAME_MOVED_TOO_FAR: { status: 409, message: "A managed-payment game cannot move more than 6 days ahead of the first approved payment" }, // a card hold lasts about 7 days; its oldest still standing hold refuses it
  MANAGED_PAYMENT_HAS_PAYMENTS: { status: 409, message: "Managed payment cannot be switched off while payments are open, held or captured" }, // the money of the players in, not the caller, refuses it
  MANAGED_PRICE_TOO_LOW: { status: 400, message: "Managed payment needs a price of at least 2.50 euro" },
  MANAGED_PAYMENT_TOO_FAR_AHEAD: { status: 400, message: "Managed-payment games can be created at most six days in advance" },
  MANAGED_PAYMENT_NOT_ALLOWED: { status: 403, message: "Managed payment needs the organiser's payment account to take payments" }, // the creator's connected account has no charges enabled
  TITLE_NOT_ALLOWED: { status: 403, message: "Only admins and organisations can set a title" },
  GAME_TYPE_NOT_ALLOWED: { status: 403, message: "You cannot publish games of this type" },
  INSTANT_CAPTURE_NOT_ALLOWED: { status: 403, message: "You cannot use instant capture" },
  ORGANIZATION_GAME_NOT_ALLOWED: { status: 403, message: "You are not a member of an organisation" },
  PLAYS_HIMSELF_NOT_ALLOWED: { status: 403, message: "Only admins and organisations can organise without playing" },
  GAME_WITHOUT_COURT: { status: 409, message: "Can not open games that have no court specified." }, // a public game without a court: created, edited or published (spec 000 sections 4, 5, 8)
  GAME_ALREADY_PUBLIC: { status: 409, message: "The game is already public" },
  // joining and participations (spec 000 section 8, "Joining")
  GAME_CANCELLED: { status: 409, message: "The game is cancelled" },
  GAME_OVER: { status: 409, message: "The game is over" },
  NAME_REQUIRED: { status: 400, message: "Player or name must be set" },
  GUEST_NAME_TAKEN: { status: 409, message: "First name already in use" },
  GUEST_JOIN_RATE_LIMITED: { status: 429, message: "Too many guests joined from this connection or device, try again later" },
  GUEST_PLACES_LIMIT: { status: 429, message: "This connection or device already has the most guest places in this game" },
  NOT_ENOUGH_PLACES: { status: 409, message: "Not enough places" }, // the game is full
  GUEST_EXTRA_LIMIT: { status: 400, message: "Guests can only bring one more player" }, // a value of the input (playerCount)
  PLAYER_EXTRA_LIMIT: { status: 400, message: "Too many extra players" },
  GUEST_NEEDS_NOTIFICATIONS: { status: 400, message: "Guest without device token" }, // the input lacks the device token
  ALREADY_PARTICIPATING: { status: 409, message: "Already participating" },
  BANNED_FROM_GAME: { status: 403, message: "Banned from this game" },
  QUEUE_NEEDS_NOTIFICATIONS: { status: 400, message: "Cannot queue a player without notifications" }, // the input lacks the device token
  QUEUE_NEEDS_VERIFIED_EMAIL: { status: 403, message: "The waiting list needs a verified email address" },
  QUEUE_WITH_EXTRAS: { status: 400, message: "No extra players on the waiting list" },
  MANAGED_PAYMENT_NEEDS_ACCOUNT: { status: 403, message: "Games with managed payment need an account" }, // a guest may not; 401 stays for a missing or ended session
  PRIVATE_GAME_NEEDS_ACCOUNT: { status: 403, message: "Guests can only join public games" }, // spec 000 sections 1 and 6; a guest may not
  MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL: { status: 403, message: "Games with managed payment need a verified email address" },
  PARTICIPATION_NOT_FOUND: { status: 404, message: "Participation not found" },
  PARTICIPATION_FORBIDDEN: { status: 403, message: "You cannot change this participation" },
  REMOVAL_TOO_LATE: { status: 409, message: "Players cannot be removed within 4 hours of the start" }, // the game's time, not the caller, refuses it
  GAME_NOT_FULL: { status: 409, message: "Only players of a full game can be moved to the waiting list" }, // the game's state
  PLAYER_COUNT_TOO_LOW: { status: 403, message: "The player count cannot go lower" }, // who may lower it depends on the caller's role (shared/rules)
  PAYMENT_TRANSITION_NOT_ALLOWED: { status: 409, message: "This payment status change is not allowed" }, // not from the participation's current payment status
  RESERVATION_EXPIRED: { status: 409, message: "Reservation expired" }, // the place waited PAYMENT_RESERVATION_MINUTES for its payment; join again to retry
  NOTHING_TO_PAY: { status: 409, message: "There is nothing to pay for this participation" }, // its payment status is not Open
  GAME_NOT_MANAGED_PAYMENT: { status: 409, message: "This game has no managed payment" }, // capturing payments of a game without managed payment
  // cash requests (spec 000 sections 4, 5, 7: requestExternalPayment, declineExternalPaymentRequest)
  CASH_NOT_ALLOWED: { status: 409, message: "This game does not take cash payment requests" }, // not managed, or externalPaymentRequestsAllowed off
  CASH_NEEDS_NOTIFICATIONS: { status: 400, message: "A cash payment request needs notifications enabled" }, // spec 000 section 5
  CASH_NOT_OPEN: { status: 409, message: "Cash can only be requested while the payment is open" }, // the participation's payment status is not Open
  CASH_REQUEST_NOT_PENDING: { status: 409, message: "There is no pending cash payment request" }, // nothing requested, or already declined or paid
  // rating and reports
  TOO_FEW_PLAYERS_TO_RATE: { status: 409, message: "Rating needs at least two players" }, // the game's state
  RATING_NOT_OPEN: { status: 409, message: "Rating opens one hour after the start" },
  RATING_CLOSED: { status: 409, message: "Rating closed seven days after the end" },
  GAME_NOT_PAST: { status: 409, message: "Game not yet past" },
  NO_PARTICIPATION: { status: 403, message: "No participation in this game" }, // only its players may
  OWN_GAME: { status: 403, message: "You cannot report your own game" },
  ALREADY_REPORTED: { status: 409, message: "Already reported" },
  GUEST_NOT_FOUND: { status: 404, message: "Guest not found" },
  // waiting-list offers close to kick-off (issue 29, participation/offers.ts)
  OFFER_NOT_FOUND: { status: 404, message: "You hold no offer for a place in this game" },
  OFFER_EXPIRED: { status: 409, message: "The offer has expired" }, // its time ran out, the game started or was cancelled, or the place is gone
  // check-in at the pitch (issue 29, participation/check-in.ts)
  CHECK_IN_NOT_OPEN: { status: 409, message: "Check-in opens 30 minutes before the start" }, // details: opensAt
  CHECK_IN_CLOSED: { status: 409, message: "Check-in has closed" }, // the player's after the end, the organiser's when the rating closes
  CHECK_IN_TOO_FAR: { status: 409, message: "Too far from the court to check in" }, // details: distanceMeters, allowedMeters
  CHECK_IN_NO_COURT: { status: 409, message: "This game has no court to check in at" },
  CHECK_IN_NOT_PARTICIPATING: { status: 403, message: "Only players of this game can check in" }, // no place, cancelled or removed
  CHECK_IN_QUEUED: { status: 409, message: "Players on the waiting list cannot check in" },
  // balanced teams (issue 29, teams/service.ts)
  TEAMS_NOT_OPEN: { status: 409, message: "Teams can be built from 30 minutes before the start" }, // details: opensAt
  TEAMS_CLOSED: { status: 409, message: "The game is over: the teams can no longer change" },
  TEAMS_FORBIDDEN: { status: 403, message: "Only the organiser (or the players, if the organiser allows it) builds the teams" },
  TEAMS_CHANGED: { status: 409, message: "Someone else changed the teams meanwhile" }, // the version the caller saw is not the stored one
  TEAMS_NOT_BUILT: { status: 409, message: "The teams have not been built yet" },
  TEAMS_TOO_FEW_PLAYERS: { status: 409, message: "Too few players for this many teams" }, // details: needed
  TEAMS_PLAYER_NOT_FOUND: { status: 404, message: "This player is not in the teams" },
  TEAMS_SIDE_FULL: { status: 409, message: "That side is full with the players kept there" },
  SKILL_RATING_NOT_OPEN: { status: 409, message: "Skill can be rated from the start of the game" },
  SKILL_RATING_NOT_PLAYER: { status: 404, message: "This player did not play in this game" },
  SKILL_RATING_OWN: { status: 403, message: "You cannot rate your own skill" },
  // images (spec 001 sections 5 and 8; the old client matches 'File size' and 'format')
  IMAGE_TOO_LARGE: { status: 413, message: "File size too large: at most 1 MB" },
  IMAGE_FORMAT: { status: 415, message: "Invalid format: only .jpg, .jpeg and .png are allowed" },
  IMAGE_DIMENSIONS: { status: 422, message: "Image dimensions too large" }, // a readable image the server will not process
  IMAGE_BUSY: { status: 429, message: "Too many pictures are being processed, try again in a moment" }, // too many at once: try again shortly, like a rate limit
  IMAGE_TIMEOUT: { status: 422, message: "Processing the picture took too long" }, // a readable image too costly to process
  // advertisements (spec 001 sections 5, 8; issue 26): the image has its own size limit and exact dimensions
  AD_NOT_FOUND: { status: 404, message: "Advertisement not found" },
  AD_IMAGE_TOO_LARGE: { status: 413, message: "File size too large: at most 2 MB" },
  AD_IMAGE_DIMENSIONS: { status: 422, message: "The advertisement image must have exactly the size's dimensions" }, // details: requiredWidth, requiredHeight, width, height
  // courts and places (spec 001 section 8)
  GEOCODE_COORDINATES_INVALID: { status: 400, message: "Unable to geocode the coordinates" }, // no place at these coordinates (the old client matches 'Unable to geocode')
  GEOCODE_ADDRESS_INVALID: { status: 400, message: "Unable to geocode: the address could not be found" },
  GEOCODER_UNAVAILABLE: { status: 503, message: "The address service is not reachable, try again later" },
  COURT_LOCATION_MISSING: { status: 409, message: "Choose the court's location first" }, // createCourt before a place was saved
  COURTS_PER_DAY_LIMIT: { status: 429, message: "You can create at most 10 courts per day" }, // a per-user quota against spam
  ORGANIZATION_NOT_FOUND: { status: 404, message: "Organization not found" },
  // weekly sessions (spec 000 sections 2, 4, 6)
  WEEKLY_SESSION_NOT_FOUND: { status: 404, message: "Weekly session not found" },
  WEEKLY_SESSION_DEACTIVATED: { status: 409, message: "This weekly session is deactivated" },
  WEEKLY_GAME_EXISTS: { status: 409, message: "Next week's game exists already" },
  WEEKLY_CONFIRMATION_NOT_OPEN: { status: 409, message: "Next week can be confirmed from 24 hours after the last game" },
  WEEKLY_START_NOT_NEXT: { status: 400, message: "A weekly game starts at the session's next weekly start" }, // createGame from a template with another start
  REGULARS_HEAD_START: { status: 409, message: "For now only the regulars of this weekly session can join" }, // details.until: when everybody may join
  // court bookings (spec 001 sections 2.8, 4, 8)
  COURT_BOOKING_NOT_FOUND: { status: 404, message: "Booking not found" },
  COURT_NOT_RENTABLE: { status: 409, message: "This court cannot be rented through the app" },
  BOOKING_OWN_COURT: { status: 409, message: "You cannot rent your own court; enter a manual booking instead" },
  BOOKING_START_INVALID: { status: 400, message: "Bookings start in the future, on the half hour, at most 90 days ahead" },
  BOOKING_OUTSIDE_OPENING_HOURS: { status: 409, message: "The court is not open for bookings at this time" },
  BOOKING_SLOT_TAKEN: { status: 409, message: "The chosen court seems to be occupied already" }, // spec: 'Der gewählte Platz scheint bereits belegt zu sein...'
  BOOKING_TRANSITION_NOT_ALLOWED: { status: 409, message: "This booking cannot change to that status now" },
  SUB_COURT_REQUIRED: { status: 400, message: "Choose a court first" }, // accepting or booking by hand on a court with sub-courts
  SUB_COURT_NOT_FOUND: { status: 404, message: "This court does not belong to the booking's court" },
  BOOKING_PAYMENT_PENDING: { status: 409, message: "The payment has not arrived yet" }, // BO reported before the provider confirmed it
  BOOKING_CANCEL_TOO_LATE: { status: 409, message: "Paid bookings can be cancelled until 48 hours before the start" },
  BOOKING_NEEDS_PAYMENT_ACCOUNT: { status: 409, message: "Set up payments before accepting bookings" }, // the owner's connected account cannot take charges
  BOOKING_RANGE_TOO_LONG: { status: 400, message: "Choose a shorter period" },
  MANUAL_BOOKING_NOT_FOUND: { status: 404, message: "Manual booking not found" },
  MANUAL_BOOKING_DURATION_INVALID: { status: 400, message: "Manual bookings last 60 or 90 minutes" },
  // Google calendar (spec 001 sections 2.5, 4, 7)
  GOOGLE_NOT_CONNECTED: { status: 409, message: "No Google account is linked" },
  GOOGLE_UNAVAILABLE: { status: 503, message: "Google Calendar is not reachable, try again later" },
  GOOGLE_CALENDAR_NOT_FOUND: { status: 404, message: "Calendar not found" },
  GOOGLE_AUTH_FAILED: { status: 409, message: "Google did not accept the link, connect again" },
  GOOGLE_UNAVAILABLE_HERE: { status: 409, message: "Google Calendar is not configured on this server" },
  // the calendar subscription (issue 29; server/http/calendar-feed.ts)
  CALENDAR_FEED_RATE_LIMITED: { status: 429, message: "This calendar was fetched too often, try again in a few minutes" },
  // chat (spec 000 section 8, "Messages")
  COMMENT_RATE_LIMITED: { status: 429, message: "One message per 10 seconds" },
  GUEST_COMMENT_RATE_LIMITED: { status: 429, message: "Too many guest messages from this connection or device, try again later" },
  DIRECT_MESSAGE_RATE_LIMITED: { status: 429, message: "One message per 3 seconds" },
  MESSAGE_TO_SELF: { status: 400, message: "You cannot send messages to yourself" },
  RECEIVER_NOT_FOUND: { status: 404, message: "User does not exist" },
  COMMENT_NAME_REQUIRED: { status: 400, message: "Guests need a name to comment" },
  COMMENT_NEEDS_NOTIFICATIONS: { status: 400, message: "Guests need notifications to comment" },
  // web push: the subscription's endpoint is not on a push service the server sends to (WEB_PUSH_HOSTS)
  PUSH_SERVICE_NOT_SUPPORTED: { status: 400, message: "This push service is not supported" },
  DEVICE_TOKEN_TAKEN: { status: 409, message: "This device is registered to another account" },
  // accounts (spec 001 sections 2.3-2.5, 4)
  EMAIL_TOKEN_INVALID: { status: 400, message: "The email could not be confirmed" },
  EMAIL_TOKEN_EXPIRED: { status: 400, message: "The confirmation link has expired" }, // the token sent is no longer good, like an invalid one
  RESET_TOKEN_INVALID: { status: 400, message: "invalid token" },
  DELETE_CONFIRMATION_REQUIRED: { status: 400, message: "Type the confirmation word to delete the account" },
  // addresses (spec 001 sections 3, 5, 7)
  ADDRESS_NOT_FOUND: { status: 404, message: "Address not found" }, // no address of the caller's with that id
  TOO_MANY_ADDRESSES: { status: 429, message: "At most 5 addresses can be saved" }, // a per-user quota
  // payments (integrations/stripe, domains/payments): Stripe's own messages never reach a client
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 503, message: "The payment provider cannot be reached, try again later" }, // connection, rate limit, Stripe's 5xx
  PAYMENT_PROVIDER_ERROR: { status: 500, message: "The payment provider refused the request" }, // our fault: keys, parameters, idempotency keys
  PAYMENT_NOT_FOUND: { status: 404, message: "Payment not found" },
  PAYMENT_STATE_CONFLICT: { status: 409, message: "The payment cannot do this in its current state" }, // e.g. capturing a cancelled payment
  PAYMENT_ALREADY_REFUNDED: { status: 409, message: "The payment has already been refunded" },
  REFUND_EXCEEDS_PAYMENT: { status: 409, message: "The refund is larger than what is left to refund" },
  PAYMENT_AMOUNT_INVALID: { status: 400, message: "The payment amount is not allowed" }, // below Stripe's minimum or above its maximum
  PAYMENT_ACCOUNT_NOT_READY: { status: 409, message: "The receiving payment account cannot take payments yet" }, // the destination's transfers are not active
  PAYMENT_DECLINED: { status: 409, message: "The payment was declined" },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: "Invalid webhook signature" },
  WEBHOOK_EVENT_INVALID: { status: 400, message: "Not a webhook event" },
  WEBHOOK_RETRY_LATER: { status: 503, message: "The event could not be processed now and will be retried" }, // the database or Stripe's API failed
  // payment onboarding (spec 001 sections 2.9, 5, 8)
  PAYMENTS_UNAVAILABLE: { status: 409, message: "Payments are not available on this server" }, // no payment provider configured, whoever asks
  PAYMENT_DETAILS_MISSING: { status: 409, message: "Payment onboarding needs first name, last name, date of birth and address" }, // details.missing names them
  PAYMENT_POSTAL_CODE_INVALID: { status: 409, message: "The postal code of the address is invalid" }, // the saved address, not this request's input
  PAYMENT_ONBOARDING_FAILED: { status: 409, message: "The payment provider did not accept the onboarding request" }, // logged with the provider's answer
  PAYMENT_ACCOUNT_CHECK_FAILED: { status: 409, message: "The payment account could not be checked" }, // the provider did not answer; try again
  // tournaments (spec 001 sections 2.10, 6, 8; issue 25). Creating and managing one someone else runs is FORBIDDEN
  TOURNAMENT_NOT_FOUND: { status: 404, message: "Tournament not found" }, // also an unpublished one for anyone but its organiser and admins
  TOURNAMENT_IN_PAST: { status: 400, message: "The tournament's start lies in the past" },
  TOURNAMENT_TOO_FAR_AHEAD: { status: 400, message: "Tournaments can be created at most two years in advance" },
  TOURNAMENT_CANCELLED: { status: 409, message: "This tournament has been cancelled" }, // editing or publishing a cancelled one
  TOURNAMENT_OVER: { status: 409, message: "This tournament has already ended" }, // editing or cancelling after its end
  MAX_TEAMS_BELOW_TEAMS: { status: 409, message: "Maximum teams below the teams registered" }, // fine on its own, refused by the teams already in
  // tournament teams (issue 25): registering, paying, cancelling
  TOURNAMENT_REGISTRATION_CLOSED: { status: 409, message: "Registration for this tournament is closed" }, // a draft, cancelled or started tournament
  TEAM_NAME_TAKEN: { status: 409, message: "A team of this name is already registered" }, // with the field teamName
  TOURNAMENT_PAYMENTS_NOT_READY: { status: 409, message: "The organiser cannot take payments yet" }, // a priced tournament of an organiser whose account cannot take charges
  TEAM_DATA_INCOMPLETE: { status: 409, message: "The invoice data is missing" }, // a business team pays only after it
  TEAM_ON_WAITING_LIST: { status: 409, message: "The team is on the waiting list" }, // it pays once it moves up
  TEAM_NOTHING_TO_PAY: { status: 409, message: "There is nothing to pay for this team" }, // not Open, or free
  TEAM_CANCELLED: { status: 409, message: "This registration has been cancelled" },
  TEAM_PLAYER_COUNT_LOCKED: { status: 409, message: "The player count can no longer change" }, // paid or no longer Open
  TOURNAMENT_STARTED: { status: 409, message: "The tournament has already started" }, // a team cancels itself only before the start
  // tournament channel and payment reminders (spec 001 sections 2.10, 4, 6, 9; issue 25)
  TOURNAMENT_TEAM_NOT_FOUND: { status: 404, message: "Team not found" }, // also somebody else's team
  CHANNEL_MESSAGE_NOT_FOUND: { status: 404, message: "Channel message not found" },
  PAYMENT_REMINDER_TOO_EARLY: { status: 409, message: "A payment reminder can be sent once a week, the first a day after registering" }, // details.until: ISO time it may
  PAYMENT_REMINDER_NOT_OPEN: { status: 409, message: "Only an open, unpaid team holding a place can be reminded" }, // paid, waiting or cancelled
  // the availability planner (spec 001 section 2.2, issue 26)
  PLANNER_NOT_FOUND: { status: 404, message: "Poll not found" },
  PLANNER_TOO_MANY_OPEN: { status: 429, message: "You can run at most 10 open polls" }, // a per-organiser quota
  PLANNER_POLL_ENDED: { status: 409, message: "This poll has ended" }, // answering or closing after the end
  PLANNER_NOT_ENDED: { status: 409, message: "The poll has not ended yet" }, // converting before the end
  PLANNER_NO_WINNER: { status: 409, message: "Nobody is available at any proposed time" },
  PLANNER_ALREADY_CONVERTED: { status: 409, message: "This poll already became a weekly session" },
  PLANNER_GAME_NOT_SESSION: { status: 409, message: "The game is not a new weekly session of the organiser" },
  // a tournament's own plan and live results (issue 29, tournaments/plan.ts)
  PLAN_EXTERNAL: { status: 409, message: "This tournament has an external plan" }, // the organiser gave a plan link
  PLAN_HAS_RESULTS: { status: 409, message: "Results have been entered: the plan can no longer be generated again" },
  PLAN_TOO_FEW_TEAMS: { status: 409, message: "A plan needs at least 2 teams holding a place" },
  PLAN_GROUPS_TOO_SMALL: { status: 409, message: "Each group needs at least 3 teams" }, // fewer groups, or a league
  PLAN_LEAGUE_TOO_LARGE: { status: 409, message: "A league can have at most 32 teams" }, // groups and a knock-out instead
  PLAN_START_OUTSIDE: { status: 400, message: "The first kick-off must lie within the tournament's time" },
  PLAN_PAST_END: { status: 409, message: "The plan's last match would end after the tournament" }, // shorter matches or breaks, more pitches, an earlier start
  PLAN_NOT_FOUND: { status: 404, message: "This tournament has no plan yet" },
  PLAN_NO_DRAW_NEEDED: { status: 409, message: "No teams of this table are level after all its matches" },
  MATCH_NOT_FOUND: { status: 404, message: "Match not found" },
  MATCH_NOT_READY: { status: 409, message: "The teams of this match are not known yet" },
  KNOCKOUT_WINNER_REQUIRED: { status: 400, message: "A level knock-out match needs a winner (extra time or penalties)" },
  RESULT_CONFLICT: { status: 409, message: "Someone else saved this result first" }, // details: the saved score and version
  RESULT_LOCKED: { status: 409, message: "A following match already has a result" }, // correcting it would change who played there
  REFEREE_NOT_ELIGIBLE: { status: 409, message: "Only the contact of a team holding a place can be named referee" },
  REFEREES_TOO_MANY: { status: 409, message: "A tournament can have at most 20 referees" },
  // the staff console (issue 26, domains/admin)
  ACCOUNT_BLOCKED: { status: 403, message: "This account has been blocked" }, // sign-in of a blocked account (the right password)
  SLUG_TAKEN: { status: 409, message: "This slug is already taken" },
  ADMIN_SELF_ACTION: { status: 409, message: "You cannot block yourself or take your own admin rights" },
  USER_NOT_IN_ORGANIZATION: { status: 409, message: "The user is not a member of this organization" },
  GAME_REPORT_NOT_FOUND: { status: 404, message: "Report not found" },
  GAME_REPORT_CLOSED: { status: 409, message: "This report is already closed" },
  WEBHOOK_FAILURE_NOT_FOUND: { status: 404, message: "Webhook failure not found" },
  // Spec 001 section 8: the old API's "... is in maintenance mode." (domains/admin/maintenance.ts); the client shows its maintenance screen.
  MAINTENANCE: { status: 503, message: "Kickrunde is in maintenance mode." },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** The English server message of each code (derived from ERRORS; `ERROR_CODES[code]` is the message). */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message])) as {
  readonly [C in ErrorCode]: (typeof ERRORS)[C]["message"];
};

/** The HTTP status every transport answers an error code with. */
export function httpStatusOf(code: ErrorCode): ErrorStatus {
  return ERRORS[code].status;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
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
