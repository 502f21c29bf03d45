import type { ErrorCode } from "@shared/errors";
import type { Deps } from "../../context";
import type { GoogleCalendarApi } from "../../integrations/google/client";
import { GoogleError } from "../../integrations/google/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";

/**
 * The owner's Google access, shared by the link (service.ts) and the import (import.ts): the API when this
 * server has one, Google's failures as error codes, and a valid access token (refreshed and stored when due).
 */

/** Refresh a little before Google's expiry, so a token never expires between check and use. */
const REFRESH_MARGIN_MS = 60_000;
/** The link's last error when Google refused it for good: only connecting again helps. */
export const BROKEN: ErrorCode = "GOOGLE_AUTH_FAILED";

export function google(deps: Pick<Deps, "google">): GoogleCalendarApi {
  if (!deps.google) throw new AppError("GOOGLE_UNAVAILABLE_HERE");
  return deps.google;
}

export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GoogleError) {
    if (error.kind === "revoked" || error.kind === "unauthorized") return new AppError("GOOGLE_AUTH_FAILED");
    if (error.kind === "not_found") return new AppError("GOOGLE_CALENDAR_NOT_FOUND");
    return new AppError("GOOGLE_UNAVAILABLE");
  }
  throw error;
}

/**
 * Runs `use` with a valid access token of the user: the stored one, or a refreshed one (stored again,
 * encrypted). A token Google refuses once is refreshed and the call tried again; a refresh Google
 * refuses (invalid_grant: access revoked) marks the link broken.
 */
export async function withAccessToken<T>(deps: Deps, userId: number, use: (accessToken: string) => Promise<T>): Promise<T> {
  const api = google(deps);
  const row = await repo.findCredentials(deps.db, userId);
  if (!row) throw new AppError("GOOGLE_NOT_CONNECTED");
  if (row.lastImportError === BROKEN) throw new AppError(BROKEN);
  const markBroken = async () => {
    await repo.updateCredentials(deps.db, userId, { lastImportError: BROKEN, accessTokenEnc: null, accessTokenExpiresAt: null, updatedAt: deps.clock.now() });
    return new AppError(BROKEN);
  };
  const refresh = async () => {
    const refreshToken = api.cipher.decrypt(row.refreshTokenEnc, userId);
    // Not made with this key (GOOGLE_TOKEN_KEY changed): only connecting again helps.
    if (refreshToken === null) throw await markBroken();
    let fresh;
    try {
      fresh = await api.refresh(refreshToken);
    } catch (error) {
      if (error instanceof GoogleError && error.kind === "revoked") throw await markBroken();
      throw asAppError(error);
    }
    await repo.updateCredentials(deps.db, userId, {
      accessTokenEnc: api.cipher.encrypt(fresh.accessToken, userId),
      accessTokenExpiresAt: fresh.expiresAt,
      ...(fresh.refreshToken && fresh.refreshToken !== refreshToken ? { refreshTokenEnc: api.cipher.encrypt(fresh.refreshToken, userId) } : {}),
      updatedAt: deps.clock.now(),
    });
    return fresh.accessToken;
  };
  const stored = row.accessTokenEnc ? api.cipher.decrypt(row.accessTokenEnc, userId) : null;
  // Google's expiry is wall time (the SDK computed it from Date.now()), not the injectable clock's "now".
  const valid = stored !== null && row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now();
  let token = valid ? stored : await refresh();
  try {
    return await use(token);
  } catch (error) {
    if (!(error instanceof GoogleError && error.kind === "unauthorized")) throw asAppError(error);
  }
  token = await refresh();
  try {
    return await use(token);
  } catch (error) {
    if (error instanceof GoogleError && error.kind === "unauthorized") throw await markBroken();
    throw asAppError(error);
  }
}
