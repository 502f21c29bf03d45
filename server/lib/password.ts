/**
 * Password hashing (argon2id through Bun.password), a leaf that imports nothing from the domains:
 * registration, login, password reset, profile changes and account deletion all hash the same way.
 */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

// Verified against when there is no stored hash (unknown e-mail), so both paths cost one argon2 verification.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword("not-a-real-password"));

/** Whether the password matches the stored hash; false, at the same cost, when there is none. */
export async function verifyPassword(password: string, storedHash: string | null | undefined): Promise<boolean> {
  const valid = await Bun.password.verify(password, storedHash ?? (await getDummyHash()));
  return storedHash != null && valid;
}
