import { z } from "zod";
import * as profileImage from "../domains/users/profile-image";
import * as users from "../domains/users/service";
import { resolver, ZNoArgs } from "./resolve";

/**
 * uploadProfileImage / deleteProfileImage under the old API's names (spec 001 section 7). The file
 * arrives as a multipart request (GraphQL multipart request spec), which graphql-yoga turns into a
 * `File` for the `File` scalar. The same service as POST /api/profile-image does the work.
 */
export const uploadTypeDefs = /* GraphQL */ `
  scalar File

  type UploadProfileImage { ok: Boolean! profileImageUrl: String! user: MyAccount! }
  type DeleteProfileImage { ok: Boolean! user: MyAccount! }

  extend type Mutation {
    uploadProfileImage(profileImage: File!): UploadProfileImage!
    deleteProfileImage: DeleteProfileImage!
  }
`;

/** graphql-yoga hands the multipart file over as a `File`; any other value names no file. */
const ZUploadArgs = z.object({ profileImage: z.instanceof(Blob, { error: "required" }) });

export const uploadMutations = {
  uploadProfileImage: resolver({ auth: "user" }, ZUploadArgs, async (ctx, { profileImage: file }) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { profileImageUrl } = await profileImage.uploadProfileImage(ctx, { bytes, name: file instanceof File ? file.name : undefined, type: file.type });
    return { ok: true, profileImageUrl, user: await users.myAccount(ctx) };
  }),
  deleteProfileImage: resolver({ auth: "user" }, ZNoArgs, async (ctx) => {
    await profileImage.deleteProfileImage(ctx);
    return { ok: true, user: await users.myAccount(ctx) };
  }),
};
