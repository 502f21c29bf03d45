import { useSuspenseQuery } from "@tanstack/react-query";
import { Notice } from "@client/components/notice";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { legalInfoQueryOptions } from "./legal-info";
import { LegalPage, type LegalSection } from "./legal-page";

const linkClass = "font-semibold text-pitch-700 underline underline-offset-4";

/** Legal notice (§ 5 DDG) with the operator's data from the configuration (LEGAL_*, server/config.ts). */
export function ImpressumScreen() {
  useLocale();
  const { data: legal } = useSuspenseQuery(legalInfoQueryOptions());
  const sections: (LegalSection | null)[] = [
    { heading: m.impressum_provider_heading(), body: <p>{[legal.operator, ...legal.addressLines].join("\n")}</p> },
    { heading: m.impressum_represented_heading(), body: <p>{legal.representative}</p> },
    {
      heading: m.impressum_contact_heading(),
      body: (
        <>
          <p>
            {m.legal_email_label()}{" "}
            <a href={`mailto:${legal.contactEmail}`} className={linkClass}>
              {legal.contactEmail}
            </a>
          </p>
          {legal.contactPhone ? (
            <p>
              {m.legal_phone_label()}{" "}
              <a href={`tel:${legal.contactPhone.replace(/[^+0-9]/g, "")}`} className={linkClass}>
                {legal.contactPhone}
              </a>
            </p>
          ) : null}
        </>
      ),
    },
    legal.register ? { heading: m.impressum_register_heading(), body: <p>{legal.register}</p> } : null,
    legal.vatId ? { heading: m.impressum_vat_heading(), body: <p>{m.legal_vat_body({ vatId: legal.vatId })}</p> } : null,
    { heading: m.impressum_responsible_heading(), body: <p>{m.legal_responsible_body({ name: legal.representative })}</p> },
    { heading: m.impressum_dispute_heading(), body: <p>{m.impressum_dispute_body()}</p> },
    { heading: m.impressum_liability_heading(), body: <p>{m.impressum_liability_body()}</p> },
  ];
  return (
    <>
      {legal.demo ? (
        <div className="px-5 pt-5">
          <Notice tone="info">{m.legal_demo_notice()}</Notice>
        </div>
      ) : null}
      <LegalPage title={m.impressum_title()} sections={sections.filter((s): s is LegalSection => s !== null)} />
    </>
  );
}
