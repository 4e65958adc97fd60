import { Card, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";

/** The profile of someone who blocked the viewer: only the server's message (spec section 8). */
export function BlockedByNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Container className="py-5">
      <Card className="border-0 shadow-sm text-center mx-auto search-login-card" data-testid="blocked-by">
        <Card.Body className="p-4 p-md-5">
          <Icon name="block" size={48} className="text-body-secondary mb-3" />
          <p className="fs-5">{message}</p>
          <PrefetchLink to="/members" className="btn btn-primary">
            {t("member.back_to_search")}
          </PrefetchLink>
        </Card.Body>
      </Card>
    </Container>
  );
}
