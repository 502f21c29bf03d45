import { z } from "zod";
import {
  ZCheckAddressInput,
  ZCheckGeocoordsInput,
  ZCourtIdInput,
  ZCourtsByLocationInput,
  ZCourtsByNameInput,
  ZCourtsNearInput,
  ZCreateCourtInput,
  ZOrganizationIdInput,
  ZPlaceSearchInput,
  ZSaveOsmPlaceInput,
  type TCourtDetail,
  type TCourtListItem,
  type TSavedLocation,
} from "@shared/schemas/courts";
import { uploadCourtImage } from "../domains/courts/court-image";
import * as places from "../domains/courts/places";
import * as courts from "../domains/courts/service";
import * as organizations from "../domains/organizations/service";
import { legacy, resolver, ZNoArgs, type Args } from "./resolve";

/**
 * Courts, places and organisations under the old API's names (spec 001 section 7). One `Court` type
 * serves lists and the court page (fields only the page has are null in lists), like `Game`. Money
 * travels in euros beside the cents, as `price` and `priceCents` do on Game.
 */
export const courtTypeDefs = /* GraphQL */ `
  type CourtOwner { id: ID! firstName: String! }
  type CourtRegion { id: ID! slug: String! name: String! }
  type CourtAvailability {
    "0 = Monday ... 6 = Sunday"
    weekday: Int!
    "HH:MM, Berlin wall time"
    startTime: String! endTime: String!
    "euros"
    pricePerHour: Float! pricePerHourCents: Int!
  }
  type CourtDiscount {
    name: String! "percent off" relativeAmount: Int! validUntil: DateTime
    "euros" minPriceToApply: Float! minPriceToApplyCents: Int!
  }
  type SubCourt { id: ID! name: String! }
  type CourtViewer { "admins and the staff groups Leiter and Mitarbeiter" canManage: Boolean! isOwner: Boolean! }
  type Court {
    id: ID! name: String! address: String latitude: Float! longitude: Float! imageUrl: String turf: String
    indoor: Boolean! public: Boolean! rentable: Boolean! floodLight: Boolean
    "km from the search centre (courts, searchCourtsByLocation, checkAndSaveGeocoords)"
    distance: Float
    alternativeNames: [String!] street: String houseNumber: String postcode: String town: String state: String
    goals: Int fencing: String minPlayers: Int maxPlayers: Int owner: CourtOwner region: CourtRegion
    discount: CourtDiscount courtAvailabilities: [CourtAvailability!] subCourts: [SubCourt!]
    "the owner's calendar: only the owner and admins see it"
    calendarName: String calendarIdGoogle: String
    viewer: CourtViewer
  }
  type Place {
    "node/123, way/456 or relation/789 for OpenStreetMap objects"
    osmId: String name: String address: String! street: String houseNumber: String postcode: String town: String state: String
    latitude: Float! longitude: Float!
  }
  "The place saved for the viewer's new court, and the courts already near it."
  type SavedLocation { place: Place! courts: [Court!]! }
  type CreateCourt { id: ID! }
  type UploadCourtImage { ok: Boolean! imageUrl: String! court: Court! }
  type UploadOrganizationLogo { ok: Boolean! imageUrl: String! organization: Organization! }

  extend type Query {
    courts(longitude: Float!, latitude: Float!, distance: Float): [Court!]!
    court(id: ID!): Court!
    myCourts: [Court!]!
    searchCourtsByLocation(longitude: Float!, latitude: Float!, name: String): [Court!]!
    searchCourtsByName(name: String!, regionSlug: String): [Court!]!
    searchOsmPlaces(query: String!): [Place!]!
    organization(id: ID!): Organization!
  }
  extend type Mutation {
    checkAndSaveGeocoords(longitude: Float!, latitude: Float!): SavedLocation!
    checkAndSaveAddress(address: String, street: String, houseNumber: String, postcode: String, town: String): SavedLocation!
    saveOsmPlace(osmId: String!): SavedLocation!
    createCourt(
      name: String!, alternativeNames: [String!], public: Boolean!, turf: String, indoor: Boolean!,
      floodLight: Boolean, goals: Int, fencing: String, minPlayers: Int, maxPlayers: Int
    ): CreateCourt!
    uploadCourtImage(courtId: ID!, courtImage: File!): UploadCourtImage!
    uploadOrganizationLogo(id: ID!, logoImage: File!): UploadOrganizationLogo!
  }
`;

const euros = (cents: number) => cents / 100;

/** A court as the old API answers it: distance and availabilities under their old names, money also in euros. */
export function courtOut(c: TCourtListItem | TCourtDetail) {
  const { distanceKm, ...rest } = c;
  if (!("availabilities" in rest)) return { ...rest, distance: distanceKm };
  const { availabilities, discount, ...detail } = rest;
  return {
    ...detail,
    distance: distanceKm,
    courtAvailabilities: availabilities.map((a) => ({ ...a, pricePerHour: euros(a.pricePerHourCents) })),
    discount: discount ? { ...discount, minPriceToApply: euros(discount.minPriceToApplyCents) } : null,
  };
}
const courtList = (list: TCourtListItem[]) => list.map(courtOut);
const savedLocationOut = (s: TSavedLocation) => ({ place: s.place, courts: courtList(s.courts) });

/** Enumerations travel upper-case; old clients may send them as the spec writes them. */
const upper = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);

/** graphql-yoga hands a multipart file over as a `File`; any other value names no file. */
const zFile = z.instanceof(Blob, { error: "required" });
const fileOf = async (file: Blob) => ({ bytes: new Uint8Array(await file.arrayBuffer()), name: file instanceof File ? file.name : undefined, type: file.type });

export const courtQueries = {
  courts: resolver(ZCourtsNearInput, courts.courtsNear, courtList),
  court: resolver(ZCourtIdInput, (ctx, i) => courts.courtById(ctx, i.id), courtOut),
  myCourts: resolver({ auth: "user" }, ZNoArgs, (ctx) => courts.myCourts(ctx), courtList),
  searchCourtsByLocation: resolver(ZCourtsByLocationInput, courts.courtsByLocation, courtList),
  searchCourtsByName: resolver(ZCourtsByNameInput, courts.courtsByName, courtList),
  searchOsmPlaces: resolver({ auth: "user" }, ZPlaceSearchInput, places.searchPlaces),
  organization: resolver(ZOrganizationIdInput, (ctx, i) => organizations.organizationById(ctx, i.id)),
};

export const courtMutations = {
  checkAndSaveGeocoords: resolver({ auth: "user" }, ZCheckGeocoordsInput, places.checkAndSaveGeocoords, savedLocationOut),
  checkAndSaveAddress: resolver({ auth: "user" }, ZCheckAddressInput, places.checkAndSaveAddress, savedLocationOut),
  saveOsmPlace: resolver({ auth: "user" }, ZSaveOsmPlaceInput, places.saveOsmPlace, savedLocationOut),
  createCourt: resolver({ auth: "user" }, legacy(ZCreateCourtInput, (a: Args) => ({ ...a, turf: upper(a.turf), fencing: upper(a.fencing) })), places.createCourt),
  uploadCourtImage: resolver({ auth: "user" }, legacy(ZCourtIdInput.extend({ courtImage: zFile }), (a) => ({ id: a.courtId, courtImage: a.courtImage })), async (ctx, i) => {
    const { imageUrl } = await uploadCourtImage(ctx, i.id, await fileOf(i.courtImage));
    return { ok: true, imageUrl, court: courtOut(await courts.courtById(ctx, i.id)) };
  }),
  uploadOrganizationLogo: resolver({ auth: "user" }, ZOrganizationIdInput.extend({ logoImage: zFile }), async (ctx, i) => {
    const { imageUrl } = await organizations.uploadOrganizationLogo(ctx, i.id, await fileOf(i.logoImage));
    return { ok: true, imageUrl, organization: await organizations.organizationById(ctx, i.id) };
  }),
};
