import { Card, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useUser } from "../../api/userApi";
import { Icon } from "../../components/Icon";
import { selectPushState, usePushStore } from "../../stores/pushStore";
import { disablePush, enablePush } from "./pushClient";

export interface PushSettingsProps {
  /** Extra classes on the card (spacing in the page). */
  className?: string;
}

/**
 * Push notifications on this device: the state in words and a switch to turn them on or off. The
 * switch is off and disabled where the browser cannot have them or blocks them, with what to do.
 */
export function PushSettings({ className }: PushSettingsProps) {
  const { t } = useTranslation();
  const user = useUser();
  const state = usePushStore(selectPushState);
  const ready = usePushStore((s) => s.ready);
  const busy = usePushStore((s) => s.busy);
  const error = usePushStore((s) => s.error);
  const blocked = state === "unsupported" || state === "denied";
  const toggle = (on: boolean) => {
    if (!user) return;
    void (on ? enablePush(user.id) : disablePush());
  };
  return (
    <Card className={`border-0 shadow-sm ${className ?? ""}`} data-testid="push-settings" data-state={ready ? state : "loading"}>
      <Card.Body>
        <h2 className="h5">{t("push.settings_title")}</h2>
        <p className="text-body-secondary small">{t("push.settings_intro")}</p>
        <Form.Check
          type="switch"
          id="push-switch"
          className="mb-2"
          checked={state === "subscribed"}
          disabled={!ready || busy || blocked || !user}
          onChange={(event) => toggle(event.target.checked)}
          label={<span className="fw-semibold">{t("push.switch_label")}</span>}
          data-testid="push-switch"
        />
        <p
          className={`small mb-0 d-flex gap-2 ${state === "denied" ? "text-danger-emphasis" : "text-body-secondary"}`}
          data-testid="push-state"
          aria-live="polite"
        >
          {ready && (
            <>
              <Icon name={blocked ? "bellOff" : "bell"} size={16} className="flex-shrink-0 mt-1" />
              <span>{t(`push.state_${state}`)}</span>
            </>
          )}
        </p>
        {error && (
          <p className="small text-danger mt-2 mb-0" role="alert">
            {t(error === "enable_failed" ? "push.error_enable" : "push.error_disable")}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
