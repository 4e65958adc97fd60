import { Form, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSaveProfile } from "../../api/profileApi";
import { Icon } from "../../components/Icon";

/** Whether others see "Online now" / "Active today" on the member's card and profile: saved at once when switched. */
export function ActivitySwitch({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const checked = save.isPending ? Boolean(save.variables?.show_activity) : shown;
  return (
    <div data-testid="activity-setting">
      <h2 className="h5 d-flex align-items-center gap-2">
        <Icon name="clock" size={20} />
        {t("profile.activity_title")}
      </h2>
      <div className="d-flex align-items-center gap-2">
        <Form.Check
          type="switch"
          id="profile-show-activity"
          label={t("profile.activity_label")}
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ show_activity: e.target.checked })}
          aria-describedby="profile-show-activity-help"
        />
        {save.isPending && <Spinner size="sm" aria-hidden="true" />}
      </div>
      <p id="profile-show-activity-help" className="small text-body-secondary mb-0 mt-1">
        {checked ? t("profile.activity_on") : t("profile.activity_off")}
      </p>
      {save.error && (
        <p className="small text-danger mb-0 mt-1" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
