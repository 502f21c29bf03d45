import { ZCalendarCourtInput, ZSetCalendarForCourtInput } from "@shared/schemas/calendar";
import * as calendar from "../domains/calendar/service";
import { resolver, ZNoArgs } from "./resolve";

/**
 * The Google Calendar calls of court owners (spec 001 section 7), under the old API's names:
 * `connectGoogle` answers `{ url }` like createStripeAccountLink (the browser is sent there);
 * `listCalendars` the account's calendars `[{ id, summary }]`; `setCalendarForCourt(courtId,
 * calendarIdGoogle, calendarName)` and `deleteCalendarFromCourt(courtId)` the court's link with the
 * Court type's field names; `importGoogleBookings` what the import did. `googleCredentials` on
 * MyAccount is null while no Google account is linked (spec 001 section 3).
 */
export const calendarTypeDefs = /* GraphQL */ `
  type ConnectGoogle { url: String! }
  type Calendar { id: String! summary: String! }
  "a court's calendar link: calendarName and calendarIdGoogle null when no calendar is linked"
  type CourtCalendarLink { id: ID! name: String! calendarName: String calendarIdGoogle: String }
  type ImportGoogleBookings { imported: Int! updated: Int! removed: Int! conflicts: Int! }
  type GoogleCredentials {
    "Google refused the link (access revoked): connect again"
    broken: Boolean!
    lastImportAt: DateTime
    "an error code: GOOGLE_AUTH_FAILED, GOOGLE_UNAVAILABLE, GOOGLE_CALENDAR_NOT_FOUND"
    lastImportError: String
  }

  extend type MyAccount {
    "null when no Google account is linked"
    googleCredentials: GoogleCredentials
  }

  "the profile's personal Google card (issue 29): whether joining a game compares the busy times of the user's Google calendar"
  type PersonalGoogle {
    "false when this server has no Google client"
    available: Boolean!
    "the user connected Google for the overlap check"
    overlapCheck: Boolean!
    "Google refused the link (access revoked): connect again"
    broken: Boolean!
    "the same Google link serves the user's courts: ending the overlap check keeps it"
    keepsCourtLink: Boolean!
  }

  extend type Query {
    "the calendars of the linked Google account"
    listCalendars: [Calendar!]!
    "the personal Google card of the signed-in user (issue 29)"
    myPersonalGoogle: PersonalGoogle!
  }

  extend type Mutation {
    "Google's consent page for the signed-in court owner; the browser is sent there"
    connectGoogle: ConnectGoogle!
    setCalendarForCourt(courtId: ID!, calendarIdGoogle: String!, calendarName: String!): CourtCalendarLink!
    deleteCalendarFromCourt(courtId: ID!): CourtCalendarLink!
    importGoogleBookings: ImportGoogleBookings!
    "Google's consent page for any signed-in user: the link turns the join step's overlap check on (issue 29)"
    connectGoogleForOverlaps: ConnectGoogle!
    "ends the overlap check; the Google link goes too unless it serves the user's courts"
    disconnectGoogleForOverlaps: PersonalGoogle!
  }
`;

export const calendarQueries = {
  listCalendars: resolver({ auth: "user" }, ZNoArgs, calendar.listCalendars),
  myPersonalGoogle: resolver({ auth: "user" }, ZNoArgs, calendar.personalGoogle),
};

export const calendarMutations = {
  connectGoogle: resolver({ auth: "user" }, ZNoArgs, calendar.connectGoogle),
  setCalendarForCourt: resolver({ auth: "user" }, ZSetCalendarForCourtInput, calendar.setCalendarForCourt),
  deleteCalendarFromCourt: resolver({ auth: "user" }, ZCalendarCourtInput, calendar.deleteCalendarFromCourt),
  importGoogleBookings: resolver({ auth: "user" }, ZNoArgs, calendar.importGoogleBookings),
  connectGoogleForOverlaps: resolver({ auth: "user" }, ZNoArgs, calendar.connectPersonalGoogle),
  disconnectGoogleForOverlaps: resolver({ auth: "user" }, ZNoArgs, calendar.disconnectPersonalGoogle),
};

/** MyAccount.googleCredentials: the account's own link (MyAccount is always the viewer's). */
export const calendarAccountFields = {
  googleCredentials: resolver(ZNoArgs, (ctx, _i, account: { id: number }) => calendar.googleCredentialsOf(ctx.deps, account.id)),
};
