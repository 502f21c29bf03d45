import { accountsRouter } from "../domains/accounts/router";
import { addressesRouter } from "../domains/addresses/router";
import { authRouter } from "../domains/auth/router";
import { bookingsRouter } from "../domains/bookings/router";
import { calendarRouter } from "../domains/calendar/router";
import { chatRouter } from "../domains/chat/router";
import { courtsRouter } from "../domains/courts/router";
import { gamesRouter } from "../domains/games/router";
import { notificationsRouter } from "../domains/notifications/router";
import { organizationsRouter } from "../domains/organizations/router";
import { participationRouter } from "../domains/participation/router";
import { paymentsRouter } from "../domains/payments/router";
import { regionsRouter } from "../domains/regions/router";
import { tournamentsRouter } from "../domains/tournaments/router";
import { usersRouter } from "../domains/users/router";
import { weeklyRouter } from "../domains/weekly/router";
import { router } from "./init";

export const appRouter = router({
  auth: authRouter,
  accounts: accountsRouter,
  addresses: addressesRouter,
  users: usersRouter,
  regions: regionsRouter,
  games: gamesRouter,
  weekly: weeklyRouter,
  courts: courtsRouter,
  bookings: bookingsRouter,
  calendar: calendarRouter,
  organizations: organizationsRouter,
  participation: participationRouter,
  chat: chatRouter,
  notifications: notificationsRouter,
  payments: paymentsRouter,
  tournaments: tournamentsRouter,
});

export type AppRouter = typeof appRouter;
