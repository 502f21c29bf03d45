-- Every rentable court, and every court with an owner (the courts an owner calendar lists), has a sub-court
-- (server/domains/courts/README.md): the owner calendar, a query, no longer creates one on first view. A court
-- without any gets one named after it, as accepting a request or the Google import would have given it.
INSERT INTO "sub_courts" ("court_id", "name", "created_at")
SELECT c."id", c."name", now()
FROM "courts" c
WHERE (c."rentable" OR c."owner_id" IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "sub_courts" s WHERE s."court_id" = c."id");
