import type { Field } from "@client/lib/use-field";
import { validationMessage } from "@client/lib/errors";

/** The translated problem of a `useField` field, or null. */
export function fieldError(field: Field): string | null {
  return field.errorCode ? validationMessage(field.errorCode) : null;
}

/** A decimal number as typed in German or English ("52,52" or "52.52"); NaN when it is none. Empty is NaN too. */
export function parseDecimal(text: string): number {
  const cleaned = text.trim().replace(",", ".");
  return cleaned === "" || !/^-?\d+(\.\d+)?$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

/** A number for an input in the viewer's language ("52,52" in German). */
export function formatDecimal(value: number, locale: string): string {
  return locale === "de" ? String(value).replace(".", ",") : String(value);
}

/** A slug proposed from a region's name: "Köln-Süd" → "koeln-sued". */
export function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}
