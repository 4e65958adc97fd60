import { Alert } from "react-bootstrap";
import { useSettings } from "../../api/settingsApi";
import { Icon, isIconName } from "../../components/Icon";

/** The site's own warning on a fictional profile (texts and icon from the settings, spec section 1). */
export function FictionalWarning() {
  const { fictional_warning, fictional_icon } = useSettings();
  return (
    <Alert variant="secondary" className="d-flex align-items-start gap-2 small" data-testid="fictional-warning">
      {isIconName(fictional_icon) && <Icon name={fictional_icon} size={22} className="flex-shrink-0" />}
      <span>{fictional_warning}</span>
    </Alert>
  );
}
