import { useSuspenseQuery } from "@tanstack/react-query";
import { Notice } from "@client/components/notice";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { legalInfoQueryOptions } from "./legal-info";
import { LegalPage } from "./legal-page";

const linkClass = "font-semibold text-pitch-700 underline underline-offset-4";

/** Privacy policy (Art. 13 GDPR), short form for what the app processes today; the controller from the configuration (LEGAL_*). */
export function PrivacyScreen() {
  useLocale();
  const { data: legal } = useSuspenseQuery(legalInfoQueryOptions());
  const mail = (address: string) => (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  );
  const sections = [
    [m.privacy_data_heading(), m.privacy_data_body()],
    [m.privacy_purposes_heading(), m.privacy_purposes_body()],
    [m.privacy_storage_heading(), m.privacy_storage_body()],
    [m.privacy_recipients_heading(), m.privacy_recipients_body()],
    [m.privacy_retention_heading(), m.privacy_retention_body()],
    [m.privacy_rights_heading(), m.legal_privacy_rights_body({ email: legal.dataProtectionEmail })],
  ] as const;
  return (
    <>
      {legal.demo ? (
        <div className="px-5 pt-5">
          <Notice tone="info">{m.legal_demo_notice()}</Notice>
        </div>
      ) : null}
      <LegalPage
        title={m.privacy_title()}
        intro={m.privacy_intro()}
        sections={[
          {
            heading: m.privacy_controller_heading(),
            body: (
              <>
                <p>{[legal.operator, ...legal.addressLines].join("\n")}</p>
                <p>
                  {m.legal_email_label()} {mail(legal.contactEmail)}
                </p>
                <p>
                  {m.legal_privacy_contact()} {mail(legal.dataProtectionEmail)}
                </p>
              </>
            ),
          },
          ...sections.map(([heading, body]) => ({ heading, body: <p>{body}</p> })),
        ]}
      />
    </>
  );
}
