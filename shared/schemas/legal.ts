import { z } from "zod";

/** The operator's data the Impressum and Datenschutz pages show (LEGAL_* settings, server/domains/legal). */
export const ZLegalInfo = z.object({
  operator: z.string(),
  addressLines: z.array(z.string()),
  register: z.string().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  representative: z.string(),
  vatId: z.string().nullable(),
  dataProtectionEmail: z.string(),
  /** the marked demo values of a development or test server (never in production: the boot refuses) */
  demo: z.boolean(),
});
export type TLegalInfo = z.infer<typeof ZLegalInfo>;
