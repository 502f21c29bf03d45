import * as profileImage from "../domains/users/profile-image";
import * as users from "../domains/users/service";
import { AppError } from "../lib/errors";
import type { GqlResolver } from "./types";

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

export const uploadMutations: Record<string, GqlResolver> = {
  uploadProfileImage: async (_p, args, { ctx }) => {
    const file = args.profileImage;
    if (!(file instanceof Blob)) throw new AppError("VALIDATION", { fields: [{ path: "profileImage", code: "required" }] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { profileImageUrl } = await profileImage.uploadProfileImage(ctx, {
      bytes,
      name: file instanceof File ? file.name : undefined,
      type: file.type,
    });
    return { ok: true, profileImageUrl, user: await users.myAccount(ctx) };
  },
  deleteProfileImage: async (_p, _args, { ctx }) => {
    await profileImage.deleteProfileImage(ctx);
    return { ok: true, user: await users.myAccount(ctx) };
  },
};
