import type { TLegalInfo } from "@shared/schemas/legal";
import type { Ctx } from "../../context";

/** The Impressum's and Datenschutz's data, from the configuration (LEGAL_*, server/config.ts); public. */
export function legalInfo(ctx: Ctx): TLegalInfo {
  const l = ctx.deps.config.legal;
  return {
    operator: l.operator,
    addressLines: [...l.addressLines],
    register: l.register,
    contactEmail: l.contactEmail,
    contactPhone: l.contactPhone,
    representative: l.representative,
    vatId: l.vatId,
    dataProtectionEmail: l.dataProtectionEmail,
    demo: l.demo,
  };
}
