import type { Config } from "./config";
import type { Database, Db, Tx } from "./db/client";
import type { GameEventReaction } from "./domains/games/events";
import type { GameSessions } from "./domains/games/sessions";
import type { Geocoder } from "./integrations/geocoding/client";
import type { WeatherClient } from "./integrations/weather/client";
import type { GoogleCalendarApi } from "./integrations/google/client";
import type { PaymentReaction } from "./domains/payments/events";
import type { Mailer } from "./integrations/mail/mailer";
import type { Push } from "./integrations/push/web-push";
import type { Payments } from "./integrations/stripe/client";
import type { Realtime } from "./integrations/realtime";
import type { JobQueue } from "./jobs/queue";
import type { Clock } from "./lib/clock";
import type { Logger } from "./lib/logger";

/** Long-lived dependencies of the process, handed to every service. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  logger: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  push: Push;
  realtime: Realtime;
  /** Stripe (integrations/stripe/client.ts): null when payments are off (production without keys). */
  payments: Payments | null;
  /** Nominatim-compatible geocoding (integrations/geocoding/client.ts): the emulator outside production unless configured. */
  geocoder: Geocoder;
  /** Open-Meteo-compatible forecasts (integrations/weather/client.ts): the emulator outside production unless configured. */
  weather: WeatherClient;
  /** Google Calendar (integrations/google/client.ts): null when off (production without GOOGLE_CLIENT_ID). */
  google: GoogleCalendarApi | null;
  /** What other domains do, in the same transaction, when a game event is recorded (domains/reactions.ts). */
  reactions: readonly GameEventReaction[];
  /** What other domains do, in the same transaction, when a payment's mirror changes (domains/reactions.ts). */
  paymentReactions: readonly PaymentReaction[];
  /** The weekly sessions' part of createGame and updateGame (domains/games/sessions.ts; set by domains/reactions.ts). */
  sessions: GameSessions<Ctx> | null;
  /**
   * What higher domains do, in the deletion's transaction, when an account is deleted (accounts/service.ts
   * deleteAccount; set by domains/reactions.ts): the tournament teams of that account are cancelled and refunded.
   */
  accountDeletionHooks?: readonly AccountDeletionHook[];
};

/** Something a domain the accounts domain may not import does when an account is deleted (see Deps.accountDeletionHooks). */
export type AccountDeletionHook = (deps: Deps, tx: Tx, userId: number, now: Date) => Promise<void>;

/** The signed-in user as the session sees it (enough for permission checks). */
export type Viewer = {
  userId: number;
  isAdmin: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
};

/** Writes the session cookies; transports implement it over their response headers. */
export type SessionCookies = {
  set(token: string, expiresAt: Date): void;
  clear(): void;
  /** Gives this browser or app its guest key (an HttpOnly cookie; domains/participation/guest-limits.ts). */
  setGuestKey?(key: string): void;
};

export type RequestMeta = {
  ip: string;
  userAgent: string | null;
  /** CSRF cookie and header match and the Origin is ours (server/http/csrf.ts) */
  csrfOk: boolean;
  /** the raw session token from the cookie or Authorization header, if any */
  sessionToken: string | null;
  /**
   * the session lives but its access part is stale (domains/auth/sessions.ts): the API transports answer
   * UNAUTHENTICATED to everything but the auth calls until it is refreshed
   */
  sessionStale?: boolean;
  /** this browser's or app's guest key (cookie), if it has one: proves a guest participation was made here */
  guestKey?: string | null;
  /** private games' share keys the browser keeps from opened share links, by game id (domains/games/visibility.ts) */
  shareKeys?: Readonly<Record<number, string>>;
};

/** What every service call receives: transport-independent. */
export type Ctx = {
  deps: Deps;
  viewer: Viewer | null;
  meta: RequestMeta;
  cookies: SessionCookies;
};
