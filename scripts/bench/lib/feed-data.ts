// The feed benchmarks' data set (scripts/bench/feed.ts, scripts/bench/graphql-feed.ts): generated with SQL in a bench database.
import type postgres from "postgres";

export const REGIONS = 20;
export const USERS = 500;
export const COURTS = 200;
export const GAMES = 20_000;
export const WEEKS = 8;

/** 20 regions, 500 users, 200 courts (10 per region), 20,000 games over 8 weeks, 1-10 players each. */
export async function seedFeedData(sql: postgres.Sql) {
  await sql.unsafe(`
    insert into regions (name, slug, latitude, longitude, featured)
    select 'Bench City ' || i, 'bench-' || i, 47.5 + i * 0.25, 6.5 + i * 0.35, i <= 8
    from generate_series(1, ${REGIONS}) i`);
  await sql.unsafe(`
    insert into users (email, password_hash, first_name, last_name, region_id, email_verified_at, profile_image_url, reliability_rating)
    select 'bench' || i || '@example.test', 'not-a-hash', 'Player' || i, 'Bench', r.ids[1 + (i - 1) % ${REGIONS}], now(),
           case when i % 3 = 0 then 'https://img.example.test/u/' || i || '.jpg' end,
           case when i % 4 = 0 then null else 40 + i % 60 end
    from generate_series(1, ${USERS}) i, (select array_agg(id order by id) ids from regions) r`);
  // court c belongs to region (c - 1) % 20, so region k has the courts k, k + 20, k + 40, ...
  await sql.unsafe(`
    insert into courts (name, address, latitude, longitude, region_id, image_url, turf, indoor)
    select 'Bench Court ' || c, 'Sportplatzweg ' || c || ', 12345 Bench City', 47.5 + c * 0.01, 6.5 + c * 0.01,
           r.ids[1 + (c - 1) % ${REGIONS}], case when c % 2 = 0 then 'https://img.example.test/c/' || c || '.jpg' end,
           (array['AG','GR','TT','AS','LL'])[1 + c % 5], c % 7 = 0
    from generate_series(1, ${COURTS}) c, (select array_agg(id order by id) ids from regions) r`);
  // game g: region (g - 1) % 20, one of that region's courts (every 12th game has none), a start
  // time on a 5-minute grid from 1 hour to 8 weeks ahead, every 25th private, every 40th cancelled
  await sql.unsafe(`
    insert into games (creator_id, region_id, court_id, title, description, game_type, level, gender, price_cents,
                       start_time, duration_minutes, end_time, min_players, max_players, cancelled_at)
    select u.ids[1 + (g * 37) % ${USERS}], r.ids[1 + (g - 1) % ${REGIONS}],
           case when g % 12 = 0 then null else c.ids[1 + (g - 1) % ${REGIONS} + ${REGIONS} * ((g / ${REGIONS}) % ${COURTS / REGIONS})] end,
           case when g % 9 = 0 then 'Bench Cup ' || g end,
           'Feierabendkick, alle Levels willkommen. Bitte pünktlich sein, Ball ist da.',
           case when g % 25 = 0 then 'PRIVATE' else 'PUBLIC' end,
           (array['ALL','LOW','MEDIUM','HIGH'])[1 + g % 4], (array['MIXED','MIXED','MALE','FEMALE'])[1 + g % 4],
           (g % 6) * 250, s.start, 60 + (g % 3) * 30, s.start + (60 + (g % 3) * 30) * interval '1 minute',
           8 + g % 5, case when g % 5 = 0 then null else 12 + g % 6 end,
           case when g % 40 = 0 then now() end
    from generate_series(1, ${GAMES}) g
    cross join lateral (select date_trunc('hour', now()) + interval '1 hour'
                               + ((g * 7919) % (${WEEKS} * 7 * 24 * 12)) * interval '5 minutes' as start) s,
         (select array_agg(id order by id) ids from regions) r,
         (select array_agg(id order by id) ids from users) u,
         (select array_agg(id order by id) ids from courts) c`);
  // 1-10 participations per game, distinct users; every 8th row queued, every 15th cancelled
  await sql.unsafe(`
    insert into participations (game_id, user_id, player_count, queue, cancelled_at)
    select g.id, u.ids[1 + (g.id * 31 + n) % ${USERS}], 1 + (case when n % 6 = 5 then 1 else 0 end),
           (g.id + n) % 8 = 0, case when (g.id + n) % 15 = 0 then now() end
    from games g
    cross join lateral generate_series(0, (g.id * 13) % 10) n,
         (select array_agg(id order by id) ids from users) u`);
  await sql.unsafe("analyze");
  const [counts] = await sql.unsafe<{ regions: number; games: number; participations: number }[]>(`
    select (select count(*) from regions)::int regions, (select count(*) from games)::int games,
           (select count(*) from participations)::int participations`);
  return counts!;
}
