import { ZCalendarOverlapsInput } from "@shared/schemas/calendar-feed";
import * as calendarFeed from "../domains/calendar-feed/service";
import { resolver, ZNoArgs } from "./resolve";

/**
 * The personal calendar subscription (issue 29; domains/calendar-feed/README.md), new operations the old API did not
 * have: `myCalendarFeed { feed }` (feed null while the user has none), `createCalendarFeed` (creates or rotates: the old address
 * stops working), `revokeCalendarFeed`, and `calendarOverlaps(gameId)` for the warning in the wrapper's join step.
 */
export const calendarFeedTypeDefs = /* GraphQL */ `
  type CalendarFeed {
    "https address of the .ics file a calendar app subscribes to"
    url: String!
    "the same as webcal:// (opens the phone's calendar app)"
    webcalUrl: String!
    "Google Calendar's page to add this feed by URL"
    googleCalendarUrl: String!
    createdAt: DateTime!
    lastFetchedAt: DateTime
  }
  "the signed-in user's subscription: feed null while they have none"
  type MyCalendarFeed { feed: CalendarFeed }
  "something of the user's at the same time: kind game, booking or google (a busy time of their Google calendar, title empty); role ORGANISER, PLAYER, WAITING, RENTER or BUSY; blocksJoin: joining will be refused (ALREADY_IN_GAME_AT_TIME)"
  type CalendarOverlap { kind: String! id: ID! title: String! startTime: DateTime! endTime: DateTime! role: String! blocksJoin: Boolean! }

  extend type Query {
    "the signed-in user's calendar subscription (feed null while they have none)"
    myCalendarFeed: MyCalendarFeed!
    "the user's own games and court bookings at the same time as this game (not cancelled, the game itself left out), and their Google calendar's busy times when connected for this"
    calendarOverlaps(gameId: ID!): [CalendarOverlap!]!
  }
  extend type Mutation {
    "a new secret calendar address; an existing one is replaced and stops working at once"
    createCalendarFeed: CalendarFeed!
    "ends the calendar subscription: its address answers 404 from now on"
    revokeCalendarFeed: Flag!
  }
`;

export const calendarFeedQueries = {
  myCalendarFeed: resolver({ auth: "user" }, ZNoArgs, calendarFeed.myCalendarFeed, (feed) => ({ feed })),
  calendarOverlaps: resolver({ auth: "user" }, ZCalendarOverlapsInput, calendarFeed.calendarOverlaps),
};

export const calendarFeedMutations = {
  createCalendarFeed: resolver({ auth: "user" }, ZNoArgs, calendarFeed.createCalendarFeed),
  revokeCalendarFeed: resolver({ auth: "user" }, ZNoArgs, calendarFeed.revokeCalendarFeed, (r) => ({ success: r.revoked })),
};
