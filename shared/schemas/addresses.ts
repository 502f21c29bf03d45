import { z } from "zod";
import { zId, zPlainText } from "./common";

/** ISO 3166-1 alpha-2: the officially assigned codes (249). */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
    "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
    "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
    "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
    "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

/** Street lines, town and state: one line each; 100 characters hold any real one. */
export const ADDRESS_TEXT_MAX_LENGTH = 100;
/** The longest postal codes in use have 10 characters (with a space or hyphen). */
export const POSTAL_CODE_MAX_LENGTH = 10;

const zAddressLine = zPlainText(ADDRESS_TEXT_MAX_LENGTH, "address_too_long", { singleLine: true });
const zRequiredAddressLine = zAddressLine.min(1, { error: "required" });

/** German postal codes have five digits (spec 001 section 5 asks for a postal code; the provider refuses others). */
const GERMAN_POSTAL_CODE = /^[0-9]{5}$/;
/** Elsewhere: letters, digits, one space or hyphen between them ("SW1A 1AA", "1010", "00-950"). */
const POSTAL_CODE = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)?$/;

const zPostalCode = zPlainText(POSTAL_CODE_MAX_LENGTH, "postal_code_invalid", { singleLine: true })
  .min(1, { error: "required", abort: true })
  .regex(POSTAL_CODE, { error: "postal_code_invalid" });

const zCountry = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(2, { error: "country_invalid" })
  .transform((v) => v.toUpperCase())
  .refine((v) => ISO_COUNTRY_CODES.has(v), { error: "country_invalid" });

/**
 * Saving an address (spec 001 sections 3, 5, 7: createOrUpdateAddress(id, line1, town, postalCode,
 * country)): without `id` a new address, with it the caller's own address of that id. The form saves
 * only when line1, town, postal code and country exist; `line2` and `state` may be left out (an
 * update keeps them). German postal codes must have five digits.
 */
export const ZCreateOrUpdateAddressInput = z
  .object({
    id: zId.optional(),
    line1: zRequiredAddressLine,
    line2: zAddressLine.optional(),
    town: zRequiredAddressLine,
    postalCode: zPostalCode,
    state: zAddressLine.optional(),
    country: zCountry,
  })
  .refine((address) => address.country !== "DE" || !address.postalCode || GERMAN_POSTAL_CODE.test(address.postalCode), {
    path: ["postalCode"],
    error: "postal_code_de",
    // also when another field is missing, so the form shows every problem at once
    when: ({ value }) => {
      const { postalCode, country } = (value ?? {}) as { postalCode?: unknown; country?: unknown };
      return typeof postalCode === "string" && typeof country === "string";
    },
  });
export type TCreateOrUpdateAddressInput = z.input<typeof ZCreateOrUpdateAddressInput>;

/** A saved address as the caller sees it (spec 001 section 3 "Address"); line2 and state are '' when empty. */
export const ZAddress = z.object({
  id: z.number().int(),
  line1: z.string(),
  line2: z.string(),
  postalCode: z.string(),
  town: z.string(),
  state: z.string(),
  country: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;
