import { ZCoachedGamesInput, ZOrganizerInvoiceInput, type TCoachedGame } from "@shared/schemas/accounting";
import * as accounting from "../domains/accounting/service";
import { resolver } from "./resolve";

/**
 * Accounting under the old API's names (spec 001 section 7): coachedGames(year, month, regionSlug) for admins, a list
 * of coached games (spec 000 section 3: id, creator, startTime, revenue, court; revenue in euros beside the cents, and
 * its card and cash parts, whose sums are the month's); organizerInvoice(userId, year, month) for the organiser and
 * admins (spec 001 section 3: invoiceNr, invoiceDate), NOT_FOUND when none was issued.
 */
export const accountingTypeDefs = /* GraphQL */ `
  type CoachedGameCreator { id: ID! firstName: String! }
  type CoachedGameCourt { id: ID! name: String! }
  type CoachedGame {
    id: ID! creator: CoachedGameCreator! startTime: DateTime! court: CoachedGameCourt
    "euros: card (captured less refunded) plus cash"
    revenue: Float!
    revenueCents: Int! cardCents: Int! cashCents: Int!
  }
  type OrganizerInvoice {
    id: ID! userId: ID! year: Int! month: Int! invoiceNr: String! invoiceDate: DateTime!
    netCents: Int! vatCents: Int! grossCents: Int!
    "the PDF, for the organiser and admins (session cookie or Authorization header)"
    downloadUrl: String!
  }
  extend type Query {
    "admins: the region's organisation games of the Berlin month, not cancelled, by start"
    coachedGames(year: Int!, month: Int!, regionSlug: String!): [CoachedGame!]!
    "the organiser's own or, for admins, anybody's invoice of the month; NOT_FOUND when none was issued"
    organizerInvoice(userId: ID!, year: Int!, month: Int!): OrganizerInvoice!
  }
`;

const coachedGameOut = (g: TCoachedGame) => ({ ...g, revenue: g.revenueCents / 100 });

export const accountingQueries = {
  coachedGames: resolver({ auth: "admin" }, ZCoachedGamesInput, accounting.coachedGames, (r) => r.games.map(coachedGameOut)),
  organizerInvoice: resolver({ auth: "user" }, ZOrganizerInvoiceInput, accounting.organizerInvoice),
};
