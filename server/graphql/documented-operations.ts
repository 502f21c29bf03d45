/**
 * The native wrapper's documented GraphQL operations (spec 000 section 7, spec 001 section 7) as the wrapper
 * sends them: the operation, its documented arguments, the answer fields the spec names for what it returns
 * (000 section 3, 001 section 3) and who may call it. `conformance.test.ts` builds each call from this list,
 * checks every name against the schema by introspection and sends it as a visitor, a player and an admin.
 *
 * Operations the spec names only by purpose carry `purpose` and the name this API serves them under.
 * 000 section 7 names 35 operations and "adding a participation to a game as organiser"; 001 section 7's table
 * adds 65 (both lists name some alike; "createManualCourtBooking, series" and "deleteManualCourtBooking(Series)"
 * are two each; the tournament registration's create, update, complete, delete, reminder and channel rows one each):
 * 101 in all.
 */
export type DocumentedAuth = "anyone" | "user" | "admin";
export type DocumentedOperation = {
  name: string;
  kind: "query" | "mutation";
  /** where the spec lists it */
  spec: "000" | "001" | "000+001";
  purpose?: string;
  /** the documented argument names */
  args: string[];
  /** the documented answer fields, as a GraphQL selection (empty for a scalar answer) */
  fields: string;
  auth: DocumentedAuth;
};

// Spec 000 section 3's entities as the wrapper reads them.
const PERSON = "id firstName profileImageUrl";
const COMMENT = `id isSystemMessage creator { ${PERSON} } notificationsEnabled name text createdAt`;
const PARTICIPATION = `id player { ${PERSON} reliabilityRating } guestProfile { id firstName reliabilityRating } firstName
  playerCount playsHimself bringsBall bringsBibs queue cancelledAt notificationsEnabled hasReported payed organizerReliabilityFeedback
  paymentStatus paymentReservationExpiresAt paymentCanCancelUntil requestedExternalPaymentAt declinedExternalPaymentAt totalPrice`;
const GAME_LIST = `id startTime endTime cancelledAt participantsAmount title gameType level gender price duration minPlayers maxPlayers
  isManagedPayment creator { ${PERSON} } court { id name imageUrl } locationName name`;
const GAME = `${GAME_LIST} highestParticipantsAmountReached description descriptionEn gameMode teams instantCapture
  externalPaymentRequestsAllowed receivedOrganizerReliabilityFeedback organization { id imageUrl gameApplicationFeePercentage }
  participations { ${PARTICIPATION} } comments { ${COMMENT} } gameTemplate { id }`;
const TEMPLATE = `id latestStartTime deactivatedAt court { id name imageUrl } organization { id name } maxPlayers gameType price description
  level gender teams duration title instantCapture gameMode externalPaymentRequestsAllowed isManagedPayment`;
const GAMES_PAGE = `objects { id startTime title } hasNext`;
// Spec 001 section 3's user account.
const ACCOUNT = `id email emailVerifiedAt firstName lastName dateOfBirth profileImageUrl receiveGameEmails
  region { id slug name latitude longitude } isCourtOwner isAdmin groups { id name }
  organization { id name imageUrl gameApplicationFeePercentage } googleCredentials { broken } applicationLanguage
  hasPaymentAccount paymentOnboardingCompleted paymentChargesEnabled paymentPayoutsEnabled paymentBusinessType stripeMonthlyFeePaid
  hasPhoneNumber reliabilityRating punctualityRating createdAt headedRegions { id slug name }
  teams { id teamName tournamentId } gameTemplates { id }
  hostedGames { ${GAMES_PAGE} } attendedGames { ${GAMES_PAGE} } queueGames { ${GAMES_PAGE} }`;
const REGION = `id name slug head { id firstName } imgUrl longitude latitude perimeter featured totalSubscriberCount regionSubscriberCount
  mapZoomLevel whatsappGroupUrl telegramGroupUrl whatsappChannelUrl telegramChannelUrl`;
const COURT = `id name public rentable longitude latitude street houseNumber town postcode state address turf indoor floodLight goals fencing
  minPlayers maxPlayers imageUrl distance discount { relativeAmount validUntil name minPriceToApply }
  owner { id } region { id } courtAvailabilities { weekday startTime endTime pricePerHour }
  subCourts { id name courtBookings { id } manualCourtBookings { id } manualCourtBookingSeries { id } } calendarName calendarIdGoogle`;
const BOOKING = `id status duration startTime endTime price earning fee renter { id firstName } rentee { id firstName } discount { name relativeAmount } stripePaymentIntentClientSecret`;
const MANUAL = "id title startTime endTime";
const TEAM = `id teamName team { id name } user { id } paymentStatus paymentIntentClientSecret dataComplete playerCount firstName lastName
  email phoneNumber paymentReminderSentAt createdAt invoiceCompanyName invoiceLine1 invoiceLine2 invoicePostalCode invoiceTown
  invoiceCountry invoiceEmail invoiceHint`;
const CHANNEL_MESSAGE = "id sender { id } message createdAt readBy { id }";
const TOURNAMENT = `id name description descriptionEn startTime endTime maxTeams teamAmount maxPlayers locationName gameMode participationPrice
  pricePerPlayer business signupUrl planUrl whatsappGroupUrl organizer { id } rules rulesEn cancellationPolicy cancellationPolicyEn
  termsOfParticipation termsOfParticipationEn court { id name } advertisement { id } singlePlayerGame { id }
  channelMessages { id } tournamentParticipations { id }`;
const AD = "id imageUrl size position linkUrl region { id }";
const ADDRESS = "id line1 line2 postalCode town state country";
const CHAT = `id gameId title court { imageUrl } creator { firstName profileImageUrl } comments { name creator { id } text createdAt } commentIds`;

const op = (name: string, kind: "query" | "mutation", spec: DocumentedOperation["spec"], args: string[], fields: string, auth: DocumentedAuth, purpose?: string): DocumentedOperation => ({
  name,
  kind,
  spec,
  args,
  fields,
  auth,
  ...(purpose ? { purpose } : {}),
});
const q = (name: string, spec: DocumentedOperation["spec"], args: string[], fields: string, auth: DocumentedAuth = "anyone", purpose?: string) => op(name, "query", spec, args, fields, auth, purpose);
const m = (name: string, spec: DocumentedOperation["spec"], args: string[], fields: string, auth: DocumentedAuth = "anyone", purpose?: string) => op(name, "mutation", spec, args, fields, auth, purpose);

export const DOCUMENTED_OPERATIONS: DocumentedOperation[] = [
  // spec 000 section 7, queries
  q("searchGames", "000+001", ["longitude", "latitude", "startTime", "distance"], GAME_LIST),
  q("retrieveGame", "000", ["id"], GAME),
  q("myAccount", "000+001", ["updatePaymentDetails"], ACCOUNT, "user"),
  q("user", "000+001", ["id"], `id firstName profileImageUrl hostedGames { ${GAMES_PAGE} } attendedGames { ${GAMES_PAGE} }`),
  q("guestProfile", "000+001", ["id", "attendedGamesPageSize"], `id firstName createdAt reliabilityRating punctualityRating attendedGames { ${GAMES_PAGE} }`),
  q("myDirectMessages", "000", ["pageSize", "partnerId"], `objects { id sender { ${PERSON} } receiver { id } text createdAt read isSystemMessage } hasNext`, "user"),
  q("myMarketingMessages", "000", [], "id textEn textDe createdAt"),
  q("myUnreadMessagesCount", "000", [], "", "user"),
  q("myCurrentGameChats", "000", [], CHAT, "user"),
  q("myChats", "000+001", [], `partner { ${PERSON} } messages { id } latestMessage { text createdAt } unreadCount`, "user"),
  q("myGameMates", "000", [], PERSON, "user"),
  q("coachedGames", "000+001", ["year", "month", "regionSlug"], "id creator { id firstName } startTime revenue court { id name }", "admin"),
  q("myGameTemplates", "000", [], TEMPLATE, "user"),
  q("gameTemplate", "000", ["id"], TEMPLATE, "user"),
  q("checkIfDeviceTokenIsSubscribedToGame", "000", ["deviceToken", "gameId"], "subscribed"),
  q("gameFeedAdvertisements", "000+001", [], AD),
  q("showRateAppHint", "000+001", [], ""),
  // spec 000 section 7, mutations
  m("createGame", "000", ["description", "descriptionEn", "minPlayers", "maxPlayers", "startTime", "courtId", "price", "level", "gender", "isManagedPayment", "duration", "teams", "isRecurringGame", "gameType", "title", "gameTemplateId", "isOrganizationGame", "instantCapture", "gameMode", "externalPaymentRequestsAllowed", "deviceToken", "userAgent"], "id", "user"),
  m("updateGame", "000", ["gameId", "updateFutureGames", "removeMaxPlayers", "minPlayers", "description"], "game { id minPlayers description }", "user"),
  m("cancelGame", "000", ["id", "cancellationReason", "cancellationMessage"], "game { id cancelledAt }", "user"),
  m("participateInGame", "000", ["gameId", "playerCount", "bringsBall", "bringsBibs", "firstName", "queue", "deviceToken", "messagingLanguage", "playsHimself"], "participation { id queue paymentStatus guestProfile { firstName } }"),
  m("updateParticipation", "000", ["participationId", "payed", "playerCount", "bringsBibs", "bringsBall", "paymentStatus", "queue", "playerRemovalReason", "playerRemovalMessage", "playsHimself", "deviceToken", "userAgent"], "participation { id }"),
  m("revokeGameParticipation", "000", ["gameId", "userId", "playerName", "playerRemovalReason", "playerRemovalMessage"], "ok"),
  m("requestExternalPayment", "000", ["gameId", "message", "deviceToken", "userAgent"], "participationId paymentStatus requestedExternalPaymentAt", "user"),
  m("declineExternalPaymentRequest", "000", ["participationId"], "participationId declinedExternalPaymentAt", "user"),
  m("capturePaymentsForGame", "000", ["gameId", "dryRun"], "dryRun totalCents", "admin"),
  m("sendReliabilityFeedbackForGame", "000", ["gameId", "feedback"], "ok", "user"),
  m("createGameReport", "000", ["gameId", "reason", "additionalInformation"], "ok", "user"),
  m("createComment", "000", ["gameId", "text", "name", "deviceToken", "messagingLanguage"], "id"),
  m("createDirectMessage", "000", ["receiverId", "text", "deviceToken"], "id", "user"),
  m("markConversationAsRead", "000", ["senderId"], "ok", "user"),
  m("subscribeToGame", "000", ["deviceToken", "userAgent", "gameId"], "ok"),
  m("attachGuestParticipationsToMyAccount", "000+001", ["participationIds"], "attached", "user"),
  m("updateGameTemplate", "000", ["id", "isActive", "latestStartTime", "court"], TEMPLATE, "user"),
  m("deleteGameTemplate", "000", ["id"], "id", "user"),
  m("addParticipation", "000", ["gameId", "bringsBall", "bringsBibs", "playerCount", "playsHimself"], "ok", "user", "adding a participation to a game as organiser"),
  // spec 001 section 7 (operations 000 does not name already)
  m("tokenAuth", "001", ["email", "password"], "token refreshExpiresIn"),
  m("register", "001", ["email", "password", "firstName", "lastName", "regionSlug", "language", "deviceToken"], "id"),
  m("editProfile", "001", ["email", "password", "firstName", "lastName", "regionSlug", "dateOfBirth", "receiveGameEmails"], "id", "user"),
  m("requestPasswordReset", "001", ["email"], "success"),
  m("resetPassword", "001", ["resetToken", "newPassword"], "success"),
  m("confirmEmail", "001", ["emailToken"], "success"),
  m("requestEmailConfirmation", "001", [], "success", "user"),
  m("refreshToken", "001", [], "token refreshExpiresIn"),
  m("logout", "001", [], "ok"),
  m("uploadProfileImage", "001", ["profileImage"], "__typename", "user"),
  m("deleteProfileImage", "001", [], "__typename", "user"),
  m("uploadCourtImage", "001", ["courtId", "courtImage"], "imageUrl", "user"),
  m("uploadOrganizationLogo", "001", ["id", "logoImage"], "imageUrl", "user"),
  m("uploadAdvertisementImage", "001", ["adId", "adImage", "id", "image", "type"], "imageUrl", "admin"),
  m("deleteAccount", "001", [], "success", "user"),
  m("updateLanguage", "001", ["applicationLanguage"], "ok", "user"),
  q("regions", "001", [], REGION),
  q("regionSubscriberCount", "001", ["regionId"], ""),
  m("subscribeToRegion", "001", ["deviceToken", "userAgent", "regionId", "messagingLanguage"], "subscribed"),
  m("unsubscribeFromRegion", "001", ["deviceToken", "regionId"], "subscribed"),
  q("checkIfDeviceTokenIsSubscribedToRegion", "001", ["deviceToken", "regionId"], "subscribed"),
  q("checkIfDeviceTokenForUserExists", "001", ["deviceToken"], "exists"),
  q("courts", "001", ["longitude", "latitude", "distance"], COURT),
  q("court", "001", ["id"], COURT),
  q("myCourts", "001", [], "id name", "user"),
  q("occupiedTimes", "001", ["courtId"], "__typename"),
  q("searchCourtsByLocation", "001", ["longitude", "latitude", "name"], "id name"),
  q("searchCourtsByName", "001", ["name"], "id name"),
  q("searchOsmPlaces", "001", ["query"], "__typename", "user"),
  m("checkAndSaveGeocoords", "001", ["longitude", "latitude"], "courts { id name }", "user"),
  m("checkAndSaveAddress", "001", [], "__typename", "user"),
  m("saveOsmPlace", "001", [], "__typename", "user"),
  m("createCourt", "001", ["name", "alternativeNames", "public", "turf", "indoor"], "id", "user"),
  q("courtBooking", "001", ["id"], BOOKING, "user"),
  q("courtBookings", "001", ["isCustomer"], BOOKING, "user"),
  m("createCourtBooking", "001", ["duration", "startTime", "courtId"], "id status stripePaymentIntentClientSecret", "user"),
  m("updateCourtBooking", "001", ["id", "subCourtId", "status"], "id status", "user"),
  m("createManualCourtBooking", "001", ["courtId", "subCourtId", "title", "startTime", "endTime"], MANUAL, "user"),
  m("createManualCourtBookingSeries", "001", ["courtId", "subCourtId", "title", "startTime", "endTime", "recurrences"], "id title terminatingDate recurrences", "user"),
  m("deleteManualCourtBooking", "001", ["id"], "id", "user"),
  m("deleteManualCourtBookingSeries", "001", ["id"], "id", "user"),
  m("connectGoogle", "001", [], "url", "user"),
  q("listCalendars", "001", [], "id summary", "user"),
  m("setCalendarForCourt", "001", ["courtId", "calendarIdGoogle", "calendarName"], "__typename", "user"),
  m("deleteCalendarFromCourt", "001", ["courtId"], "__typename", "user"),
  m("importGoogleBookings", "001", [], "__typename", "user"),
  q("organization", "001", ["id"], "id name imageUrl gameApplicationFeePercentage"),
  m("createStripeAccountLink", "001", [], "url", "user"),
  m("resetPaymentAccount", "001", [], "success", "user"),
  q("myAddresses", "001", [], ADDRESS, "user"),
  m("createOrUpdateAddress", "001", ["id", "line1", "town", "postalCode", "country"], `address { ${ADDRESS} }`, "user"),
  q("organizerInvoice", "001", ["userId", "year", "month"], "invoiceNr invoiceDate", "user"),
  q("advertisement", "001", ["id"], AD),
  q("tournament", "001", ["id"], TOURNAMENT),
  q("tournamentParticipation", "001", ["id"], TEAM, "user"),
  q("upcomingTournaments", "001", ["regionId"], "id name startTime"),
  m("createTournamentParticipation", "001", ["tournamentId", "email", "firstName", "lastName", "phoneNumber", "teamName", "applicationLanguage", "playerCount"], `participation { ${TEAM} } newUserPassword`, "anyone", "create tournament participation"),
  m("updateTournamentParticipation", "001", ["tournamentParticipationId"], "id teamName", "user", "update tournament participation"),
  m("completeTournamentParticipation", "001", ["tournamentParticipationId"], "id dataComplete", "user", "complete tournament participation (invoice fields)"),
  m("deleteTournamentParticipation", "001", ["tournamentParticipationId"], "ok", "user", "delete tournament participation"),
  m("sendPaymentReminder", "001", ["tournamentParticipationId"], "id paymentReminderSentAt", "user", "send payment reminder"),
  m("sendChannelMessage", "001", ["tournamentId", "message"], CHANNEL_MESSAGE, "user", "send channel message"),
  m("markChannelMessageRead", "001", ["tournamentChannelMessageId"], "ok", "user", "mark channel message read"),
  q("myBots", "001", [], "__typename", "user"),
  m("createAvailabilityPlanner", "001", [], "__typename", "user"),
];
