import { ZCreateOrUpdateAddressInput } from "@shared/schemas/addresses";
import * as addresses from "../domains/addresses/service";
import { resolver, ZNoArgs } from "./resolve";

/**
 * The payment onboarding's address calls (spec 001 section 7): `myAddresses` (no arguments) and
 * `createOrUpdateAddress(id, line1, town, postalCode, country)`, with no id a new address. Every
 * argument is nullable so a wrapper declaring its variables either way passes GraphQL's validation;
 * a missing one is refused by the shared schema with its field code (`required`). `line2` and
 * `state` are answered as '' ("empty" in spec 001 section 3).
 */
export const addressTypeDefs = /* GraphQL */ `
  type Address { id: ID! line1: String! line2: String! postalCode: String! town: String! state: String! country: String! }
  type CreateOrUpdateAddress { address: Address! }

  extend type Query {
    "the signed-in user's addresses, the one in use (the first) first"
    myAddresses: [Address!]!
  }
  extend type Mutation {
    "without id a new address (at most 5); with id the caller's own address of that id"
    createOrUpdateAddress(id: ID, line1: String, town: String, postalCode: String, country: String): CreateOrUpdateAddress!
  }
`;

export const addressQueries = {
  myAddresses: resolver({ auth: "user" }, ZNoArgs, addresses.myAddresses),
};

export const addressMutations = {
  createOrUpdateAddress: resolver({ auth: "user" }, ZCreateOrUpdateAddressInput, addresses.createOrUpdateAddress, (address) => ({ address })),
};
