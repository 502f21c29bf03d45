import { describe, expect, test } from "bun:test";
import { getNamedType, isListType, isNonNullType, isObjectType, type GraphQLOutputType } from "graphql";
import { createSchema } from "graphql-yoga";
import { z } from "zod";
import { ZAddress } from "@shared/schemas/addresses";
import { ZCoachedGame, ZOrganizerInvoice } from "@shared/schemas/accounting";
import { ZAd } from "@shared/schemas/ads";
import { ZGameTemplate } from "@shared/schemas/weekly";
import { ZPlanner, ZPlannerSlot } from "@shared/schemas/planner";
import { ZBookingPerson, ZCourtBooking, ZManualBooking, ZManualBookingSeries, ZOccupiedTimes } from "@shared/schemas/bookings";
import { ZCalendar, ZConnectGoogle, ZCourtCalendarLink, ZGoogleCredentials, ZImportResult, ZPersonalGoogle } from "@shared/schemas/calendar";
import { ZCourtDetail, ZCreatedCourt, ZPlace, ZSavedLocation } from "@shared/schemas/courts";
import { ZAccountLink } from "@shared/schemas/payment-onboarding";
import { ZComment, ZConversation, ZCurrentGameChat, ZDirectMessage, ZMarketingMessage } from "@shared/schemas/chat";
import { ZGame, ZGameListItem, ZGameParticipation } from "@shared/schemas/games";
import { ZCapturePaymentsResult, ZExternalPaymentRequest, ZGuestProfile, ZJoinResult, ZParticipationPayment, ZParticipationRef } from "@shared/schemas/participation";
import { ZRegion, ZRegionRef } from "@shared/schemas/regions";
import { ZGroup, ZMyAccount, ZOrganizationRef, ZPublicUser } from "@shared/schemas/users";
import { ZTournament, ZTournamentParticipation } from "@shared/schemas/tournaments";
import { ZChannelMessage } from "@shared/schemas/tournament-teams";
import { ZPlanMatch, ZPlanPage, ZPlanTable, ZPlanTableRow, ZTournamentPlan } from "@shared/schemas/tournament-plans";
import { ZCheckInState, ZGameCheckIns, ZOwnCheckIn } from "@shared/schemas/check-in";
import { ZAcceptOfferResult, ZDeclineOfferResult, ZGameOffers, ZOpenOffer } from "@shared/schemas/waiting-list-offers";
import { ZGameTeams, ZRatablePlayer, ZTeamPlayer, ZTeamSide } from "@shared/schemas/teams";
import { ZGameWeather, ZGameWeatherAlert } from "@shared/schemas/weather";
import { ZCalendarFeed, ZCalendarOverlap } from "@shared/schemas/calendar-feed";
import { resolvers, typeDefs } from "./schema";

/**
 * The wrapper's object types and the shared output schemas they serve (issue 10, item 8): every field
 * of a shared schema has its GraphQL field and every GraphQL field its shared one, of the same kind
 * (Int, Float, String, Boolean, DateTime, ID for ids, object, list), never non-null where the schema
 * allows null, except the differences named below. The SDL stays hand-written (it is the wrapper's
 * contract, field names and nullability as the old API had them); this test keeps it honest.
 */
const schema = createSchema({ typeDefs, resolvers });

const inner = <T extends z.ZodType>(s: T | z.ZodNullable<T>) => (s instanceof z.ZodNullable ? (s.unwrap() as T) : s);

/** GraphQL object type → the shared output schema it serves. */
const SERVED: Record<string, z.ZodObject> = {
  Region: ZRegion,
  RegionHead: inner(ZRegion.shape.head),
  RegionRef: ZRegionRef,
  Group: ZGroup,
  Organization: ZOrganizationRef,
  MyAccount: ZMyAccount,
  PublicUser: ZPublicUser,
  // One type for the feed's list items and the game page: fields only the page has are nullable there.
  // Its court is the list's short one (the page's ZCourtRef adds coordinates and turf the wrapper never asked for).
  Game: ZGame.extend({ court: ZGameListItem.shape.court, distanceKm: ZGameListItem.shape.distanceKm }),
  GameCourt: inner(ZGameListItem.shape.court),
  GameTemplateRef: inner(ZGame.shape.gameTemplate),
  // the cached forecast and the organiser's warning (issue 29, server/graphql/weather.ts)
  GameWeather: ZGameWeather,
  GameWeatherAlert: ZGameWeatherAlert,
  CalendarFeed: ZCalendarFeed,
  CalendarOverlap: ZCalendarOverlap,
  GameParticipation: ZGameParticipation,
  // Players on a game page (with reliability where the viewer may see it); comment authors and game mates leave it null.
  Person: inner(ZGameParticipation.shape.player),
  Participation: ZParticipationRef,
  GuestRef: inner(ZParticipationRef.shape.guestProfile),
  ParticipateInGame: ZJoinResult,
  ParticipationPayment: ZParticipationPayment,
  CapturePayments: ZCapturePaymentsResult,
  ExternalPaymentRequest: ZExternalPaymentRequest,
  CapturedPayment: ZCapturePaymentsResult.shape.payments.element,
  GuestProfile: ZGuestProfile,
  GuestGames: ZGuestProfile.shape.attendedGames,
  // The profile lists (users.games on tRPC) have the guest profile's page shape.
  UserGames: ZGuestProfile.shape.attendedGames,
  Comment: ZComment,
  DirectMessage: ZDirectMessage,
  Conversation: ZConversation,
  LatestMessage: ZConversation.shape.latestMessage,
  CurrentGameChat: ZCurrentGameChat,
  GameChatComment: inner(ZCurrentGameChat.shape.latestComment),
  MarketingMessage: ZMarketingMessage,
  Address: ZAddress,
  CreateStripeAccountLink: ZAccountLink,
  // One type for the court lists and the court page (fields only the page has are nullable there).
  Court: ZCourtDetail,
  CourtOwner: inner(ZCourtDetail.shape.owner),
  CourtRegion: inner(ZCourtDetail.shape.region),
  CourtDiscount: inner(ZCourtDetail.shape.discount),
  CourtAvailability: ZCourtDetail.shape.availabilities.element,
  SubCourt: ZCourtDetail.shape.subCourts.element,
  CourtViewer: ZCourtDetail.shape.viewer,
  Place: ZPlace,
  SavedLocation: ZSavedLocation,
  CreateCourt: ZCreatedCourt,
  CourtBooking: ZCourtBooking,
  GameTemplate: ZGameTemplate,
  TemplateCourt: inner(ZGameTemplate.shape.court),
  TemplateOrganization: inner(ZGameTemplate.shape.organization),
  TemplateCreator: ZGameTemplate.shape.creator,
  TemplateViewer: ZGameTemplate.shape.viewer,
  WeeklyState: ZGameTemplate.shape.state,
  AvailabilityPlanner: ZPlanner,
  AvailabilityPlannerSlot: ZPlannerSlot,
  AvailabilityPlannerRegion: inner(ZPlanner.shape.region),
  AvailabilityPlannerCourt: inner(ZPlanner.shape.court),
  BookingPerson: ZBookingPerson,
  BookingCourt: ZCourtBooking.shape.court,
  BookingDiscount: inner(ZCourtBooking.shape.discount),
  BookingViewer: ZCourtBooking.shape.viewer,
  OccupiedTime: ZOccupiedTimes.shape.occupied.element,
  ManualCourtBooking: ZManualBooking,
  ManualCourtBookingSeries: ZManualBookingSeries,
  ConnectGoogle: ZConnectGoogle,
  Calendar: ZCalendar,
  CourtCalendarLink: ZCourtCalendarLink,
  ImportGoogleBookings: ZImportResult,
  GoogleCredentials: ZGoogleCredentials,
  PersonalGoogle: ZPersonalGoogle,
  // One type for the list and the page (fields only the page has are nullable there).
  Tournament: ZTournament,
  TournamentCourt: inner(ZTournament.shape.court),
  TournamentRegion: ZTournament.shape.region,
  TournamentOrganization: inner(ZTournament.shape.organization),
  TournamentGameRef: inner(ZTournament.shape.singlePlayerGame),
  TournamentViewer: ZTournament.shape.viewer,
  TournamentParticipation: ZTournamentParticipation,
  TournamentParticipationUser: inner(ZTournamentParticipation.shape.user),
  TournamentChannelMessage: ZChannelMessage,
  TournamentPlanPage: ZPlanPage,
  TournamentPlanViewer: ZPlanPage.shape.viewer,
  TournamentPlanPerson: ZPlanPage.shape.referees.element,
  TournamentPlan: ZTournamentPlan,
  TournamentPlanTeam: ZTournamentPlan.shape.teams.element,
  TournamentPlanMatch: ZPlanMatch,
  TournamentPlanSide: ZPlanMatch.shape.home,
  TournamentPlanTable: ZPlanTable,
  TournamentPlanTableRow: ZPlanTableRow,
  Advertisement: ZAd,
  AdvertisementRegion: inner(ZAd.shape.region),
  CoachedGame: ZCoachedGame,
  CoachedGameCreator: ZCoachedGame.shape.creator,
  CoachedGameCourt: inner(ZCoachedGame.shape.court),
  OrganizerInvoice: ZOrganizerInvoice,
  CheckInState: ZCheckInState,
  OwnCheckIn: ZOwnCheckIn,
  WaitingListOffer: ZOpenOffer,
  GameOffers: ZGameOffers,
  AcceptedOffer: ZAcceptOfferResult,
  DeclinedOffer: ZDeclineOfferResult,
  GameCheckIns: ZGameCheckIns,
  GameCheckIn: ZGameCheckIns.shape.participations.element,
  GameTeams: ZGameTeams,
  GameTeamsLineUp: inner(ZGameTeams.shape.lineUp),
  TeamSide: ZTeamSide,
  TeamPlayer: ZTeamPlayer,
  RatablePlayer: ZRatablePlayer,
};

/** The old API's answer envelopes: no shared output schema, their shape is the old API's alone. */
const ENVELOPES = [
  "MyCalendarFeed", // { feed } of myCalendarFeed: null while the user has no calendar link
  "TokenAuth", // tokenAuth/refreshToken: the session token and its payload (tRPC sets a cookie instead)
  "TokenPayload",
  "Register",
  "Logout",
  "UpdateLanguage",
  "Flag", // { success } of the account mutations
  "Ok",
  "MarkChannelMessageReadResult", // { ok, success } of markChannelMessageRead
  "Created", // { id } of a new comment or message
  "CreateGame",
  "GameMutation", // { game } of updateGame and cancelGame
  "UpdateParticipation",
  "Attached",
  "Subscribed",
  "DeviceTokenExists",
  "RegisteredDevice",
  "UploadProfileImage",
  "DeleteProfileImage",
  "DirectMessages", // { objects: [DirectMessage], hasNext }: the chat router's inline page
  "CreateOrUpdateAddress", // { address } of createOrUpdateAddress
  "UploadCourtImage", // { ok, imageUrl, court }
  "UploadOrganizationLogo", // { ok, imageUrl, organization }
  "UploadAdvertisementImage", // { ok, imageUrl, advertisement }
  "DeletedId", // { id } of deleteManualCourtBooking(Series) and deleteGameTemplate
  "TournamentTeam", // a tournament participation's team { id, name } in the old shape
  "AccountTeam", // MyAccount.teams: a team the account registered, with its tournament (spec 001 section 3)
  "GameChatCourt", // a game chat's court { name, imageUrl } (spec 000 section 3: court imageUrl)
  "CreateTournamentParticipationResult", // { participation, newUserPassword } of createTournamentParticipation
  "DeleteTournamentParticipationResult", // { ok, success, participation } of deleteTournamentParticipation
];

/** Shared field name → the old API's name for it. */
const RENAMED: Record<string, Record<string, string>> = {
  Game: { durationMinutes: "duration", distanceKm: "distance" },
  Court: { distanceKm: "distance", availabilities: "courtAvailabilities" },
  ManualCourtBookingSeries: { bookings: "manualCourtBookings" },
  GameTemplate: { durationMinutes: "duration" },
  AvailabilityPlanner: { leadingSlotId: "winningSlotId" },
  AvailabilityPlannerSlot: { durationMinutes: "duration" },
};

/** GraphQL fields with no field in the shared schema: the old API's own. */
const LEGACY_ONLY: Record<string, string[]> = {
  Region: ["totalSubscriberCount", "regionSubscriberCount"], // the region page's counts (tRPC: notifications.regionSubscriberCount)
  MyAccount: ["hostedGames", "attendedGames", "queueGames", "googleCredentials", "hasPhoneNumber", "teams", "gameTemplates"], // paged lists, loaded when asked for (tRPC: users.games); the Google link (tRPC: calendar.status); spec 001 section 3's phone, teams and sessions, loaded when asked for
  PublicUser: ["hostedGames", "attendedGames", "queueGames"],
  Game: ["price", "comments", "locationName", "name"], // the price in euros beside priceCents; retrieveGame answers the chat too (spec 000 section 7); the old records' court name and title
  GameParticipation: ["guestProfile", "totalPrice"], // guestProfileId, firstName and guestReliabilityRating in the old shape; euros beside totalPriceCents
  CurrentGameChat: ["id", "court", "comments"],
  SubCourt: ["courtBookings", "manualCourtBookings", "manualCourtBookingSeries"], // spec 001 section 3: the owner's schedule per sub-court (tRPC: bookings.ownerCalendar), loaded when asked for
  Conversation: ["messages"], // spec 000 section 3's conversation with its messages (tRPC: chat.directMessages), loaded when asked for // spec 000 section 3's game chat: the game's id, the court as an object, its comments when asked for
  GuestRef: ["reliabilityRating"], // a game participation's guestReliabilityRating
  Participation: ["paymentIntentClientSecret"], // spec 000 section 3's name for participateInGame's payment.clientSecret
  CourtAvailability: ["pricePerHour"], // euros beside pricePerHourCents, like Game.price
  CourtDiscount: ["minPriceToApply"], // euros beside minPriceToApplyCents
  CourtBooking: ["price", "earning", "fee", "listPrice"], // euros beside the cents, like Game.price
  Court: ["occupiedTimes"], // court(id) with its occupied times (tRPC: bookings.occupiedTimes)
  GameTemplate: ["price"], // euros beside priceCents, like Game.price
  AvailabilityPlanner: ["url"], // the absolute poll page on PUBLIC_URL (the web client makes pollPath absolute itself)
  Tournament: ["participationPrice", "channelMessages", "tournamentParticipations", "advertisement"], // euros beside the cents; the teams and the channel, loaded when asked for; its ad (tRPC: ads.forTournament)
  TournamentParticipation: ["team", "paymentIntentClientSecret", "dataComplete"], // the old API's own (spec 001 section 3)
  CoachedGame: ["revenue"], // euros beside revenueCents, like Game.price
  TournamentChannelMessage: ["author", "readBy"], // the old API's readBy (spec 001 section 3); author as before the channel existed, the sender
};

/** Shared fields the wrapper is deliberately not served: the web client's alone (the old API never had them). */
const UNSERVED: Record<string, string[]> = {
  Game: ["cancelledBy", "region", "minPlayersConfirmedAt", "cancelledParticipations", "viewer"],
  GameParticipation: ["guestProfileId", "guestReliabilityRating"], // served inside guestProfile
  CourtBooking: ["checkout"], // how the web client confirms the intent; the wrapper uses the client secret
  AvailabilityPlanner: ["publicToken", "pollPath"], // served as url
};

type Kind = { nullable: boolean; list: Kind | null; scalar: string };

function zodKind(s: z.ZodType, name: string): Kind {
  let nullable = false;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault) {
    nullable ||= !(s instanceof z.ZodDefault);
    s = s.unwrap() as z.ZodType;
  }
  if (s instanceof z.ZodArray) return { nullable, list: zodKind(s.element as z.ZodType, name), scalar: "" };
  const scalar =
    s instanceof z.ZodNumber ? (!s.isInt ? "Float" : /(^id|Ids?)$/.test(name) ? "ID" : "Int")
    : s instanceof z.ZodString || s instanceof z.ZodEnum ? "String"
    : s instanceof z.ZodBoolean ? "Boolean"
    : s instanceof z.ZodDate ? "DateTime"
    : s instanceof z.ZodObject ? "object"
    : `unknown zod type ${s.def.type}`;
  return { nullable, list: null, scalar };
}

function graphqlKind(t: GraphQLOutputType): Kind {
  const nullable = !isNonNullType(t);
  const bare = isNonNullType(t) ? t.ofType : t;
  if (isListType(bare)) return { nullable, list: graphqlKind(bare.ofType), scalar: "" };
  const named = getNamedType(bare);
  return { nullable, list: null, scalar: isObjectType(named) ? "object" : named.name };
}

/** Where a GraphQL field's kind breaks its shared field's: a different kind, or non-null where null can come. */
function kindProblem(shared: Kind, served: Kind): string | null {
  if (shared.nullable && !served.nullable) return "non-null, but the shared schema allows null";
  if (!!shared.list !== !!served.list) return shared.list ? "not a list" : "a list";
  if (shared.list && served.list) return kindProblem(shared.list, served.list);
  if (shared.scalar !== served.scalar) return `${served.scalar}, the shared schema says ${shared.scalar}`;
  return null;
}

const objectTypes = Object.values(schema.getTypeMap()).filter(
  (t) => isObjectType(t) && !t.name.startsWith("__") && t !== schema.getQueryType() && t !== schema.getMutationType(),
);

describe("GraphQL object types ↔ shared output schemas", () => {
  test("every object type is mapped to its shared schema or named as an envelope of the old API", () => {
    const unmapped = objectTypes.map((t) => t.name).filter((n) => !(n in SERVED) && !ENVELOPES.includes(n));
    expect(unmapped).toEqual([]);
    const gone = [...Object.keys(SERVED), ...ENVELOPES].filter((n) => !schema.getType(n));
    expect(gone).toEqual([]);
  });

  for (const [typeName, shared] of Object.entries(SERVED)) {
    test(`${typeName} has exactly the fields of its shared schema`, () => {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
      const fields = type.getFields();
      const renamed = RENAMED[typeName] ?? {};
      const legacyOnly = LEGACY_ONLY[typeName] ?? [];
      const unserved = UNSERVED[typeName] ?? [];
      const problems: string[] = [];
      const matched = new Set<string>();
      for (const [key, field] of Object.entries(shared.shape as Record<string, z.ZodType>)) {
        const name = renamed[key] ?? key;
        const served = fields[name];
        if (unserved.includes(key)) {
          if (served) problems.push(`${key} is listed as unserved but ${typeName}.${name} exists`);
          continue;
        }
        if (!served) {
          problems.push(`shared field ${key} has no GraphQL field ${typeName}.${name}`);
          continue;
        }
        matched.add(name);
        const problem = kindProblem(zodKind(field, key), graphqlKind(served.type));
        if (problem) problems.push(`${typeName}.${name}: ${problem}`);
        const target = getNamedType(served.type);
        if (isObjectType(target) && !(target.name in SERVED)) problems.push(`${typeName}.${name}: its type ${target.name} has no shared schema in SERVED`);
      }
      for (const name of Object.keys(fields)) {
        if (matched.has(name)) continue;
        if (!legacyOnly.includes(name)) problems.push(`GraphQL field ${typeName}.${name} has no field in the shared schema`);
      }
      for (const name of legacyOnly) if (matched.has(name) || !fields[name]) problems.push(`${typeName}.${name} is listed as legacy-only but is not`);
      expect(problems).toEqual([]);
    });
  }
});
