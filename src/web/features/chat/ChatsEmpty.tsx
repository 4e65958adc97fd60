import { Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";

/** No conversations yet: off to search for someone to write to. */
export function ChatsEmpty() {
  const { t } = useTranslation();
  return (
    <Card className="border-0 shadow-sm text-center chats-empty" data-testid="chats-empty">
      <Card.Body className="p-4 p-md-5">
        <Icon name="chat" size={48} className="text-primary mb-3" />
        <h2 className="h5">{t("chat.empty_title")}</h2>
        <p className="text-body-secondary">{t("chat.empty_text")}</p>
        <PrefetchLink to="/members" className="btn btn-primary">
          {t("chat.empty_button")}
        </PrefetchLink>
      </Card.Body>
    </Card>
  );
}
