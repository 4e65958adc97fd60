import { Button, type ButtonProps } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";

/** The chat's send button with what the send costs under its label (text, or a voice message being recorded). */
export function SendButton({ cost, ...props }: ButtonProps & { cost: number; "data-testid": string }) {
  const { t } = useTranslation();
  return (
    <Button className="chat-send" {...props}>
      <Icon name="send" size={18} />
      <span className="chat-send-text">
        <span className="chat-send-label">{t("chat.send")}</span>
        <span className="chat-send-cost">{t("chat.cost", { count: cost })}</span>
      </span>
    </Button>
  );
}
