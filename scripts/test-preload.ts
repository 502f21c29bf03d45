// Preloaded by bun test (bunfig.toml): the test database is created lazily and dropped at the end.
import { afterAll, afterEach } from "bun:test";
import { dropTestDatabase } from "../server/testing/test-db";
import { testClock } from "../server/testing/test-clock";

afterEach(() => testClock.reset());
afterAll(() => dropTestDatabase());
