import { Container } from "react-bootstrap";
import { useRouteName } from "../hooks/useRouteName";
import { PageSpinner } from "../components/PageSpinner";
import { BanNotice } from "../features/legal/BanNotice";
import { LegalDocumentView } from "../features/legal/LegalDocumentView";
import { type LegalTexts, useLegalTexts } from "../features/legal/useLegalTexts";
import { useLegalValues } from "../features/legal/useLegalValues";
import { QueryError } from "../features/payments/QueryError";

const DOCUMENTS: Record<string, keyof Pick<LegalTexts, "terms" | "privacy" | "cookies" | "ban" | "return_policy">> = {
  "pages-terms": "terms",
  "pages-privacy": "privacy",
  "pages-cookies": "cookies",
  "pages-ban": "ban",
  "pages-return-policy": "return_policy",
};

/** /pages/terms, privacy, cookies, ban and return-policy: the site's texts, filled with its company's details. */
export function LegalPage() {
  const routeName = useRouteName() ?? "pages-terms";
  const texts = useLegalTexts();
  const legal = useLegalValues();
  return (
    <Container className="py-4 legal-page" style={{ maxWidth: 820 }} data-testid={routeName}>
      {routeName === "pages-ban" && <BanNotice />}
      {texts.isPending || !legal.ready ? (
        <PageSpinner />
      ) : texts.isError ? (
        <QueryError error={texts.error} retry={() => texts.refetch()} />
      ) : (
        <LegalDocumentView
          document={texts.data[DOCUMENTS[routeName] ?? "terms"]}
          common={texts.data.common}
          values={legal.values}
          versionDate={routeName === "pages-terms" ? legal.versionDate : null}
        />
      )}
    </Container>
  );
}
