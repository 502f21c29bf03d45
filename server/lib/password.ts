/**
 * Password hashing (argon2id through Bun.password), a leaf that imports nothing from the domains:
 * registration, login, password reset, profile changes and account deletion all hash the same way.
 *
 * The cost of new hashes follows PASSWORD_HASH_COST (config.ts), set once at boot (`setPasswordHashCost`): "standard"
 * is Bun's argon2id default (64 MiB, 2 passes, about 110 ms a check on one core); "test" (1 MiB, 1 pass, under 1 ms)
 * keeps the test runs' hundreds of sign-ins from costing minutes, and is refused in production. A check always uses
 * the cost written in the stored hash, so hashes of either cost keep verifying.
 */
export type PasswordHashCost = "standard" | "test";

const OPTIONS: Record<PasswordHashCost, Bun.Password.Argon2Algorithm> = {
  standard: { algorithm: "argon2id" },
  test: { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 },
};
let cost: PasswordHashCost = "standard";

/** The cost of hashes made from now on (boot.ts, the test database's deps). */
export function setPasswordHashCost(next: PasswordHashCost): void {
  if (next !== cost) dummyHash = undefined;
  cost = next;
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, OPTIONS[cost]);
}

// Verified against when there is no stored hash (unknown e-mail), so both paths cost one argon2 verification.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword("not-a-real-password"));

/** Whether the password matches the stored hash; false, at the same cost, when there is none. */
export async function verifyPassword(password: string, storedHash: string | null | undefined): Promise<boolean> {
  const valid = await Bun.password.verify(password, storedHash ?? (await getDummyHash()));
  return storedHash != null && valid;
}
