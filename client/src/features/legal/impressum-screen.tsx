import { CONTACT_EMAIL } from "@client/lib/links";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { LegalPage } from "./legal-page";

/** Legal notice (§ 5 DDG). Company data are placeholders until the company is registered. */
export function ImpressumScreen() {
  useLocale();
  return (
    <LegalPage
      title={m.impressum_title()}
      sections={[
        { heading: m.impressum_provider_heading(), body: <p>{m.impressum_provider_body()}</p> },
        { heading: m.impressum_represented_heading(), body: <p>{m.impressum_represented_body()}</p> },
        {
          heading: m.impressum_contact_heading(),
          body: (
            <p>
              {m.impressum_contact_body()}{" "}
              <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-pitch-700 underline underline-offset-4">
                {CONTACT_EMAIL}
              </a>
            </p>
          ),
        },
        { heading: m.impressum_register_heading(), body: <p>{m.impressum_register_body()}</p> },
        { heading: m.impressum_vat_heading(), body: <p>{m.impressum_vat_body()}</p> },
        { heading: m.impressum_responsible_heading(), body: <p>{m.impressum_responsible_body()}</p> },
        { heading: m.impressum_dispute_heading(), body: <p>{m.impressum_dispute_body()}</p> },
        { heading: m.impressum_liability_heading(), body: <p>{m.impressum_liability_body()}</p> },
      ]}
    />
  );
}
