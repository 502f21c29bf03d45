/**
 * Each tRPC procedure's GraphQL twins: the wrapper's operations (Query or Mutation fields) that call the
 * same service. Every procedure of the router has its entry (an empty list: the wrapper has no such
 * operation), so a new procedure fails server/graphql/auth-gate.test.ts until someone says whether the
 * wrapper has it. Each twin declares the procedure's `auth` (graphql/resolve.ts), except DIFFERENT_AUTH.
 */
export const GRAPHQL_TWINS: Record<string, readonly string[]> = {
  "accounting.coachedGames": ["coachedGames"],
  "accounting.myInvoices": [], // the profile's list: the web client's alone
  "accounting.organizerInvoice": ["organizerInvoice"],
  "accounts.confirmEmail": ["confirmEmail"],
  "accounts.deleteAccount": ["deleteAccount"],
  "accounts.editProfile": ["editProfile"],
  "accounts.requestEmailConfirmation": ["requestEmailConfirmation"],
  "accounts.requestPasswordReset": ["requestPasswordReset"],
  "accounts.resetPassword": ["resetPassword"],
  "addresses.createOrUpdate": ["createOrUpdateAddress"],
  "addresses.mine": ["myAddresses"],
  "admin.overview": [], // the staff console is web-only: the old API documents none of its operations
  "admin.auditLog": [],
  "admin.regions": [],
  "admin.createRegion": [],
  "admin.updateRegion": [],
  "admin.organizations": [],
  "admin.organization": [],
  "admin.createOrganization": [],
  "admin.updateOrganization": [],
  "admin.addOrganizationMember": [],
  "admin.removeOrganizationMember": [],
  "admin.users": [],
  "admin.user": [],
  "admin.setUserRoles": [],
  "admin.blockUser": [],
  "admin.unblockUser": [],
  "admin.news": [],
  "admin.sendNews": [],
  "admin.gameReports": [],
  "admin.answerGameReport": [],
  "admin.closeGameReport": [],
  "admin.cancelReportedGame": [],
  "admin.webhookFailures": [],
  "admin.reconcileWebhookFailure": [],
  "admin.maintenance": [],
  "admin.setMaintenance": [],
  "ads.adminGet": [],
  "ads.create": [], // the old API documents no operation for managing ads (spec 001 section 7)
  "ads.delete": [],
  "ads.forTournament": [], // the wrapper reads Tournament.advertisement
  "ads.gameFeed": ["gameFeedAdvertisements"],
  "ads.get": ["advertisement"],
  "ads.list": [],
  "ads.recordImpression": [],
  "ads.update": [],
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
  "planner.answer": [],
  "planner.close": [],
  "planner.convert": [],
  "planner.create": ["createAvailabilityPlanner"],
  "planner.get": [],
  "planner.mine": ["myBots"],
  "planner.poll": [],
  "regions.bySlug": [],
  "regions.list": ["regions"],
  "tournaments.byId": ["tournament"],
  "tournaments.cancel": [], // the old API documents no operation for managing tournaments (spec 001 section 7)
  "tournaments.channel": [], // the wrapper reads Tournament.channelMessages
  "tournaments.create": [],
  "tournaments.publish": [],
  "tournaments.update": [],
  "tournaments.markChannelMessageRead": ["markChannelMessageRead"],
  "tournaments.sendChannelMessage": ["sendChannelMessage"],
  "tournaments.sendPaymentReminder": ["sendPaymentReminder"],
  "tournaments.upcoming": ["upcomingTournaments"],
  "tournaments.register": ["createTournamentParticipation"],
  "tournaments.myTeams": [], // the wrapper reads a team by id (tournamentParticipation)
  "tournaments.team": ["tournamentParticipation"],
  "tournaments.completeRegistration": ["completeTournamentParticipation"],
  "tournaments.updateRegistration": ["updateTournamentParticipation"],
  "tournaments.cancelRegistration": ["deleteTournamentParticipation"],
  "tournaments.pay": [], // the wrapper reads TournamentParticipation.paymentIntentClientSecret
  "tournaments.markPaid": [], // the organiser's overview is the web client's
  "tournaments.teams": [], // the wrapper reads Tournament.tournamentParticipations
  "legal.info": [],
  "users.byId": ["user"],
  "users.games": [], // the wrapper reads MyAccount/PublicUser.hostedGames, attendedGames, queueGames
  "users.myAccount": ["myAccount"],
  "users.rateAppHintSeen": [], // the wrapper's web page records it over tRPC
  "users.showRateAppHint": ["showRateAppHint"],
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
  uploadAdvertisementImage: "admin", // POST /api/ad-image/:id
};

/**
 * Twins that declare differently, and why. myAccount: the old API refuses visitors, while tRPC's
 * users.myAccount answers them null (the web client asks it whether anyone is signed in).
 */
export const DIFFERENT_AUTH: Record<string, "user" | "admin" | undefined> = {
  myAccount: "user",
};
