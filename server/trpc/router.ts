import { authRouter } from "../domains/auth/router";
import { regionsRouter } from "../domains/regions/router";
import { usersRouter } from "../domains/users/router";
import { router } from "./init";

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  regions: regionsRouter,
});

export type AppRouter = typeof appRouter;
