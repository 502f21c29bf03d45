import { httpStatusOf } from "@shared/errors";
import type { Server } from "bun";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Ctx, Deps } from "../context";
import { requireViewer } from "../domains/auth/viewer";
import { requireCourtManager, uploadCourtImage } from "../domains/courts/court-image";
import { requireLogoUploader, uploadOrganizationLogo } from "../domains/organizations/service";
import { deleteProfileImage, uploadProfileImage } from "../domains/users/profile-image";
import { AD_IMAGE, COURT_IMAGE, ORGANIZATION_LOGO } from "@shared/constants";
import { ZAdIdInput } from "@shared/schemas/ads";
import { requireAdUploader, uploadAdImage } from "../domains/ads/service";
import { ZCourtIdInput, ZOrganizationIdInput } from "@shared/schemas/courts";
import { PROFILE_IMAGE } from "../integrations/images";
import { isPrivateKey, storageFor } from "../integrations/storage";
import { graphqlExtensions } from "../graphql/errors";
import { AppError } from "../lib/errors";
import { createRequestContext } from "./request-context";

type Env = { Bindings: { server?: Server<unknown> } };

/** Room for the multipart envelope around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Non-multipart GraphQL bodies (a query and its variables; the documents themselves are capped at 2,000 tokens). */
export const GRAPHQL_MAX_JSON_BYTES = 1024 * 1024;

/**
 * Plain HTTP for files, beside tRPC (which speaks JSON only):
 *   POST   /api/profile-image   multipart field `profileImage`  -> { profileImageUrl }
 *   DELETE /api/profile-image                                   -> { profileImageUrl: null }
 *   POST   /api/court-image/:courtId   field `courtImage`       -> { imageUrl }  (admins, staff groups Leiter/Mitarbeiter)
 *   POST   /api/organization-logo/:id  field `logoImage`        -> { imageUrl }  (admins, members of the organisation)
 *   POST   /api/ad-image/:id    field `adImage`                -> { imageUrl }  (admins; 2 MB, exact size: domains/ads)
 *   GET    /uploads/<key>       the stored files (local storage, or a bucket without a public address)
 * Mutations need the CSRF header and our Origin like every tRPC and GraphQL mutation. Errors answer
 * `{ error: { code, message, details?, fields? } }` with the codes of shared/errors.ts and their HTTP status.
 * GraphQL uploads (multipart on /graphql) get the same body limit here, as graphql-yoga has none.
 * Mount before the /graphql route, the `/api/*` not-found route and the client fallback.
 */
export function mountUploads(app: Hono<Env>, deps: Deps): void {
  const graphqlLimit = bodyLimit({
    // the largest picture any upload takes (an ad image, 2 MB); each service refuses more than its own limit
    maxSize: Math.max(PROFILE_IMAGE.maxBytes, AD_IMAGE.maxBytes) + MULTIPART_OVERHEAD,
    onError: (c) => graphqlRefusal(c, new AppError("IMAGE_TOO_LARGE", { details: { maxBytes: PROFILE_IMAGE.maxBytes } })),
  });
  // Everything else on /graphql is a JSON or GET query: the same 1 MiB as /trpc (yoga's own default is 25 MB).
  const graphqlJsonLimit = bodyLimit({
    maxSize: GRAPHQL_MAX_JSON_BYTES,
    onError: (c) => graphqlRefusal(c, new AppError("PAYLOAD_TOO_LARGE", { details: { maxBytes: GRAPHQL_MAX_JSON_BYTES } })),
  });
  app.use("/graphql", (c, next) => (/^multipart\//i.test(c.req.header("content-type") ?? "") ? graphqlLimit(c, next) : graphqlJsonLimit(c, next)));

  app.post("/api/profile-image", (c) =>
    handle(c, deps, async (ctx) => {
      requireViewer(ctx); // before reading anyone's body
      const file = await readFileField(c.req.raw, "profileImage", PROFILE_IMAGE.maxBytes);
      return uploadProfileImage(ctx, file);
    }),
  );

  app.delete("/api/profile-image", (c) => handle(c, deps, (ctx) => deleteProfileImage(ctx)));

  app.post("/api/court-image/:courtId", (c) =>
    handle(c, deps, async (ctx) => {
      const { id } = parseId(ZCourtIdInput, c.req.param("courtId"), "courtId");
      await requireCourtManager(ctx); // before reading anyone's body
      const file = await readFileField(c.req.raw, "courtImage", COURT_IMAGE.maxBytes);
      return uploadCourtImage(ctx, id, file);
    }),
  );

  app.post("/api/organization-logo/:id", (c) =>
    handle(c, deps, async (ctx) => {
      const { id } = parseId(ZOrganizationIdInput, c.req.param("id"), "id");
      await requireLogoUploader(ctx, id); // before reading anyone's body
      const file = await readFileField(c.req.raw, "logoImage", ORGANIZATION_LOGO.maxBytes);
      return uploadOrganizationLogo(ctx, id, file);
    }),
  );

  app.post("/api/ad-image/:id", (c) =>
    handle(c, deps, async (ctx) => {
      const { id } = parseId(ZAdIdInput, c.req.param("id"), "id");
      requireAdUploader(ctx); // before reading anyone's body
      const file = await readFileField(c.req.raw, "adImage", AD_IMAGE.maxBytes).catch((e: unknown) => {
        throw e instanceof AppError && e.code === "IMAGE_TOO_LARGE" ? new AppError("AD_IMAGE_TOO_LARGE", { details: { maxBytes: AD_IMAGE.maxBytes } }) : e;
      });
      return uploadAdImage(ctx, id, file);
    }),
  );

  app.get("/uploads/*", async (c) => {
    const path = new URL(c.req.url).pathname.slice("/uploads/".length);
    // Keys are plain lower-case names: anything encoded is not one of ours. Private folders have their own routes.
    const file = isPrivateKey(path) ? null : await storageFor(deps.config).get(path);
    if (!file) return c.text("Not found", 404);
    const headers: Record<string, string> = {
      "Content-Type": file.contentType,
      // Names are random and never reused: a stored file never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // Even a file that is not what its name says cannot run anything in our origin.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    };
    if (file.size !== null) headers["Content-Length"] = String(file.size);
    return new Response(file.body, { headers });
  });
}

async function handle(c: Context<Env>, deps: Deps, run: (ctx: Ctx) => Promise<unknown>): Promise<Response> {
  const resHeaders = new Headers();
  try {
    const ctx = await createRequestContext(deps, c.req.raw, resHeaders, c.env?.server?.requestIP(c.req.raw)?.address ?? null);
    if (!ctx.meta.csrfOk) throw new AppError("CSRF_FAILED");
    return withHeaders(c.json(await run(ctx), 200), resHeaders);
  } catch (e) {
    if (!(e instanceof AppError)) deps.logger.error("upload error", { path: c.req.path, error: String(e) });
    const error = e instanceof AppError ? e : new AppError("UNEXPECTED");
    return withHeaders(c.json({ error: { ...error.toData(), message: error.message } }, httpStatusOf(error.code)), resHeaders);
  }
}

/** A path id through the procedure's own id schema (digits only, in range), else a field error. */
function parseId(schema: typeof ZCourtIdInput | typeof ZOrganizationIdInput | typeof ZAdIdInput, raw: string | undefined, path: string): { id: number } {
  const text = raw ?? "";
  const parsed = /^[0-9]{1,10}$/.test(text) ? schema.safeParse({ id: Number(text) }) : null;
  if (!parsed?.success) throw new AppError("VALIDATION", { fields: [{ path, code: "invalid" }] });
  return parsed.data;
}

/** A /graphql request refused before yoga reads it, in the GraphQL error format (server/graphql/errors.ts). */
function graphqlRefusal(c: Context<Env>, error: AppError): Response {
  return c.json({ errors: [{ message: error.message, extensions: graphqlExtensions(error.toData()) }] }, httpStatusOf(error.code));
}

function withHeaders(res: Response, headers: Headers): Response {
  for (const cookie of headers.getSetCookie()) res.headers.append("Set-Cookie", cookie);
  return res;
}

/**
 * Reads one file field of a multipart body, refusing bodies larger than the file limit (plus the
 * envelope) while they arrive, so nobody can make the server buffer more than that.
 */
async function readFileField(req: Request, field: string, maxBytes: number): Promise<{ bytes: Uint8Array; name: string; type: string }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new AppError("VALIDATION", { fields: [{ path: field, code: "required" }] });
  const limit = maxBytes + MULTIPART_OVERHEAD;
  const tooLarge = () => new AppError("IMAGE_TOO_LARGE", { details: { maxBytes } });
  if (Number(req.headers.get("content-length") ?? 0) > limit) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let form: FormData;
  try {
    form = await new Response(new Blob(chunks as BlobPart[]), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("VALIDATION", { fields: [{ path: field, code: "invalid" }] });
  }
  const value = form.get(field);
  if (!(value instanceof Blob)) throw new AppError("VALIDATION", { fields: [{ path: field, code: "required" }] });
  return {
    bytes: new Uint8Array(await value.arrayBuffer()),
    name: value instanceof File ? value.name : "",
    type: value.type,
  };
}
