/**
 * Each tRPC procedure's GraphQL twins: the wrapper's operations (Query or Mutation fields) that call the
 * same service. Every procedure of the router has its entry (an empty list: the wrapper has no such
 * operation), so a new procedure fails server/graphql/auth-gate.test.ts until someone says whether the
 * wrapper has it. Each twin declares the procedure's `auth` (graphql/resolve.ts), except DIFFERENT_AUTH.
 */
export const GRAPHQL_TWINS: Record<string, readonly string[]> = {
  "accounts.confirmEmail": ["confirmEmail"],
  "accounts.deleteAccount": ["deleteAccount"],
  "accounts.editProfile": ["editProfile"],
  "accounts.requestEmailConfirmation": ["requestEmailConfirmation"],
  "accounts.requestPasswordReset": ["requestPasswordReset"],
  "accounts.resetPassword": ["resetPassword"],
  "addresses.createOrUpdate": ["createOrUpdateAddress"],
  "addresses.mine": ["myAddresses"],
  "auth.login": ["tokenAuth"],
  "auth.logout": ["logout"],
  "auth.refresh": ["refreshToken"],
  "auth.register": ["register"],
  "bookings.calendar": [],
  "bookings.create": ["createCourtBooking"],
  "bookings.createManual": ["createManualCourtBooking"],
  "bookings.createSeries": ["createManualCourtBookingSeries"],
  "bookings.deleteManual": ["deleteManualCourtBooking"],
  "bookings.deleteSeries": ["deleteManualCourtBookingSeries"],
  "bookings.get": ["courtBooking"],
  "bookings.list": ["courtBookings"],
  "bookings.occupiedTimes": ["occupiedTimes"],
  "bookings.slots": [],
  "bookings.update": ["updateCourtBooking"],
  "bookings.waitingRequestCount": [],
  "calendar.connectGoogle": ["connectGoogle"],
  "calendar.deleteCalendarFromCourt": ["deleteCalendarFromCourt"],
  "calendar.importGoogleBookings": ["importGoogleBookings"],
  "calendar.listCalendars": ["listCalendars"],
  "calendar.setCalendarForCourt": ["setCalendarForCourt"],
  "calendar.status": [], // the wrapper reads MyAccount.googleCredentials
  "chat.createComment": ["createComment"],
  "chat.createDirectMessage": ["createDirectMessage"],
  "chat.directMessages": ["myDirectMessages"],
  "chat.gameComments": ["gameComments"],
  "chat.markConversationAsRead": ["markConversationAsRead"],
  "chat.marketingMessages": ["myMarketingMessages"],
  "chat.myChats": ["myChats"],
  "chat.myGameMates": ["myGameMates"],
  "chat.onDirectMessage": [],
  "chat.onGameComment": [],
  "chat.unreadCount": ["myUnreadMessagesCount", "myCurrentGameChats"],
  "courts.byLocation": ["searchCourtsByLocation"],
  "courts.byName": ["searchCourtsByName"],
  "courts.checkAddress": ["checkAndSaveAddress"],
  "courts.checkGeocoords": ["checkAndSaveGeocoords"],
  "courts.create": ["createCourt"],
  "courts.get": ["court"],
  "courts.mine": ["myCourts"],
  "courts.near": ["courts"],
  "courts.ofRegion": [],
  "courts.saveOsmPlace": ["saveOsmPlace"],
  "courts.search": [],
  "courts.searchPlaces": ["searchOsmPlaces"],
  "games.byId": ["retrieveGame"],
  "games.cancel": ["cancelGame"],
  "games.confirmTakesPlace": [],
  "games.create": ["createGame"],
  "games.feed": [],
  "games.makePublic": [],
  "games.onCourt": [],
  "games.search": ["searchGames"],
  "games.update": ["updateGame"],
  "notifications.deviceTokenForUserExists": ["checkIfDeviceTokenForUserExists"],
  "notifications.isSubscribedToRegion": ["checkIfDeviceTokenIsSubscribedToRegion"],
  "notifications.regionSubscriberCount": ["regionSubscriberCount"],
  "notifications.registerNativeDevice": ["registerNativeDevice"],
  "notifications.registerWebPush": [],
  "notifications.subscribeToRegion": ["subscribeToRegion"],
  "notifications.unsubscribeFromRegion": ["unsubscribeFromRegion"],
  "notifications.vapidPublicKey": [],
  "organizations.get": ["organization"],
  "participation.addOwn": ["addParticipation"],
  "participation.attachGuests": ["attachGuestParticipationsToMyAccount"],
  "participation.capturePayments": ["capturePaymentsForGame"],
  "participation.declineCash": ["declineExternalPaymentRequest"],
  "participation.guestProfile": ["guestProfile"],
  "participation.isSubscribed": ["checkIfDeviceTokenIsSubscribedToGame"],
  "participation.join": ["participateInGame"],
  "participation.payment": ["participationPayment"],
  "participation.report": ["createGameReport"],
  "participation.requestCash": ["requestExternalPayment"],
  "participation.revoke": ["revokeGameParticipation"],
  "participation.sendFeedback": ["sendReliabilityFeedbackForGame"],
  "participation.subscribe": ["subscribeToGame"],
  "participation.update": ["updateParticipation"],
  "payments.createAccountLink": ["createStripeAccountLink"],
  "payments.refreshAccount": [], // the wrapper asks myAccount(updatePaymentDetails: true)
  "payments.resetAccount": ["resetPaymentAccount"],
  "regions.bySlug": [],
  "regions.list": ["regions"],
  "tournaments.byId": ["tournament"],
  "tournaments.cancel": [], // the old API documents no operation for managing tournaments (spec 001 section 7)
  "tournaments.create": [],
  "tournaments.publish": [],
  "tournaments.update": [],
  "tournaments.upcoming": ["upcomingTournaments"],
  "users.byId": ["user"],
  "users.games": [], // the wrapper reads MyAccount/PublicUser.hostedGames, attendedGames, queueGames
  "users.myAccount": ["myAccount"],
  "users.updateLanguage": ["updateLanguage"],
  "weekly.delete": ["deleteGameTemplate"],
  "weekly.get": ["gameTemplate"],
  "weekly.hasAny": [],
  "weekly.latest": [],
  "weekly.mine": ["myGameTemplates"],
  "weekly.update": ["updateGameTemplate"],
};

/** The wrapper's operations with no tRPC twin (the web client uses plain HTTP for files), and what they declare. */
export const GRAPHQL_ONLY: Record<string, "user" | "admin" | undefined> = {
  uploadProfileImage: "user", // POST /api/profile-image
  deleteProfileImage: "user", // DELETE /api/profile-image
  uploadCourtImage: "user", // POST /api/court-image/:courtId
  uploadOrganizationLogo: "user", // POST /api/organization-logo/:id
};

/**
 * Twins that declare differently, and why. myAccount: the old API refuses visitors, while tRPC's
 * users.myAccount answers them null (the web client asks it whether anyone is signed in).
 */
export const DIFFERENT_AUTH: Record<string, "user" | "admin" | undefined> = {
  myAccount: "user",
};
