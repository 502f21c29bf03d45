// The full schema for drizzle (relational queries and drizzle-kit). Tables live per domain in ./schema/.
export * from "./schema/addresses";
export * from "./schema/auth";
export * from "./schema/bookings";
export * from "./schema/calendar";
export * from "./schema/chat";
export * from "./schema/courts";
export * from "./schema/games";
export * from "./schema/guests";
export * from "./schema/notifications";
export * from "./schema/organizations";
export * from "./schema/participation";
export * from "./schema/payments";
export * from "./schema/regions";
export * from "./schema/tournaments";
export * from "./schema/users";
export * from "./schema/weekly";
