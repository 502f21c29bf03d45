import { ERRORS, httpStatusOf } from "@shared/errors";
import type { Hono } from "hono";
import type { Deps } from "../context";
import { recordClick } from "../domains/ads/service";

/**
 * GET /api/ads/:id/click (issue 26): counts the click for the ad's Berlin day and answers 302 to the
 * ad's stored link; never to a URL from the request, so it is no open redirect. No cookie is read or
 * set and nothing of the viewer is stored. 404 for an id that names no ad.
 */
export function mountAdClicks(app: Hono<any>, deps: Deps): void {
  app.get("/api/ads/:id/click", async (c) => {
    const raw = c.req.param("id");
    const id = /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
    const link = id >= 1 && id <= 2_147_483_647 ? await recordClick({ deps }, id) : null;
    if (!link)
      return c.json(
        {
          error: { code: "AD_NOT_FOUND", message: ERRORS.AD_NOT_FOUND.message },
        },
        httpStatusOf("AD_NOT_FOUND"),
      );
    return new Response(null, {
      status: 302,
      headers: {
        Location: link,
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer-when-downgrade",
      },
    });
  });
}
