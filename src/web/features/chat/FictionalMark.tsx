import { Badge } from "react-bootstrap";
import { useSettings } from "../../api/settingsApi";
import { Icon, isIconName } from "../../components/Icon";

/** Marks a fictional profile in the chat screens as the profile page does (texts and icon from the settings). */
export function FictionalMark() {
  const { fictional_icon, fictional_singular } = useSettings();
  return (
    <Badge bg="dark" className="d-inline-flex align-items-center gap-1 flex-shrink-0" title={fictional_singular} data-testid="chat-fictional">
      {isIconName(fictional_icon) && <Icon name={fictional_icon} size={14} />}
      <span className="d-none d-sm-inline">{fictional_singular}</span>
      <span className="visually-hidden d-sm-none">{fictional_singular}</span>
    </Badge>
  );
}
