import { Form, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSaveProfile } from "../../api/profileApi";
import { Icon } from "../../components/Icon";

/** Invisible mode (spec section 4): saved at once when switched. */
export function InvisibleSwitch({ invisible }: { invisible: boolean }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  return (
    <div data-testid="invisible-mode">
      <h2 className="h5 d-flex align-items-center gap-2">
        <Icon name="eyeOff" size={20} />
        {t("profile.invisible_title")}
      </h2>
      <div className="d-flex align-items-center gap-2">
        <Form.Check
          type="switch"
          id="profile-invisible"
          label={t("profile.invisible_label")}
          checked={save.isPending ? Boolean(save.variables?.invisible) : invisible}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ invisible: e.target.checked })}
          aria-describedby="profile-invisible-help"
        />
        {save.isPending && <Spinner size="sm" aria-hidden="true" />}
      </div>
      <p id="profile-invisible-help" className="small text-body-secondary mb-0 mt-1">
        {invisible ? t("profile.invisible_on") : t("profile.invisible_off")}
      </p>
      {save.error && (
        <p className="small text-danger mb-0 mt-1" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
