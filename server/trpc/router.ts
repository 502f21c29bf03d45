import { accountingRouter } from "../domains/accounting/router";
import { accountsRouter } from "../domains/accounts/router";
import { addressesRouter } from "../domains/addresses/router";
import { adminRouter } from "../domains/admin/router";
import { adsRouter } from "../domains/ads/router";
import { authRouter } from "../domains/auth/router";
import { bookingsRouter } from "../domains/bookings/router";
import { calendarRouter } from "../domains/calendar/router";
import { calendarFeedRouter } from "../domains/calendar-feed/router";
import { chatRouter } from "../domains/chat/router";
import { courtsRouter } from "../domains/courts/router";
import { gamesRouter } from "../domains/games/router";
import { legalRouter } from "../domains/legal/router";
import { notificationsRouter } from "../domains/notifications/router";
import { organizationsRouter } from "../domains/organizations/router";
import { participationRouter } from "../domains/participation/router";
import { paymentsRouter } from "../domains/payments/router";
import { plannerRouter } from "../domains/planner/router";
import { regionsRouter } from "../domains/regions/router";
import { teamsRouter } from "../domains/teams/router";
import { tournamentsRouter } from "../domains/tournaments/router";
import { usersRouter } from "../domains/users/router";
import { weeklyRouter } from "../domains/weekly/router";
import { router } from "./init";

export const appRouter = router({
  auth: authRouter,
  accounts: accountsRouter,
  accounting: accountingRouter,
  addresses: addressesRouter,
  admin: adminRouter,
  ads: adsRouter,
  users: usersRouter,
  regions: regionsRouter,
  games: gamesRouter,
  weekly: weeklyRouter,
  courts: courtsRouter,
  bookings: bookingsRouter,
  calendar: calendarRouter,
  calendarFeed: calendarFeedRouter,
  organizations: organizationsRouter,
  participation: participationRouter,
  chat: chatRouter,
  notifications: notificationsRouter,
  payments: paymentsRouter,
  tournaments: tournamentsRouter,
  planner: plannerRouter,
  teams: teamsRouter,
  legal: legalRouter,
});

export type AppRouter = typeof appRouter;
