import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { LegalPage } from "./legal-page";

/** Privacy policy (Art. 13 GDPR), short form for what the app processes today. */
export function PrivacyScreen() {
  useLocale();
  const sections = [
    [m.privacy_controller_heading(), m.privacy_controller_body()],
    [m.privacy_data_heading(), m.privacy_data_body()],
    [m.privacy_purposes_heading(), m.privacy_purposes_body()],
    [m.privacy_storage_heading(), m.privacy_storage_body()],
    [m.privacy_recipients_heading(), m.privacy_recipients_body()],
    [m.privacy_retention_heading(), m.privacy_retention_body()],
    [m.privacy_rights_heading(), m.privacy_rights_body()],
  ] as const;
  return (
    <LegalPage
      title={m.privacy_title()}
      intro={m.privacy_intro()}
      sections={sections.map(([heading, body]) => ({ heading, body: <p>{body}</p> }))}
    />
  );
}
