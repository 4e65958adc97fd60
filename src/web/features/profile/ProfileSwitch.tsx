import { useState } from "react";
import { Form, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSaveProfile } from "../../api/profileApi";
import { Icon, type IconName } from "../../components/Icon";

/** The profile's on/off settings that are saved at once when switched, each with its texts under profile.<texts>_*. */
const SWITCHES = {
  invisible: { icon: "eyeOff", texts: "invisible", id: "profile-invisible", testId: "invisible-mode" },
  show_activity: { icon: "clock", texts: "activity", id: "profile-show-activity", testId: "activity-setting" },
} as const satisfies Record<string, { icon: IconName; texts: string; id: string; testId: string }>;

/**
 * A profile setting switched and saved at once: invisible mode (spec section 4), or whether others
 * see "Online now" / "Active today" on the member's card and profile.
 */
export function ProfileSwitch({ field, value }: { field: keyof typeof SWITCHES; value: boolean }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const { icon, texts, id, testId } = SWITCHES[field];
  // What the member switched to, set in the change event itself and kept until the saved value comes
  // down as `value`: the mutation's callbacks run a moment before the page re-renders with the
  // profile the server answered, and showing `value` in between put the switch back for a frame.
  const [switched, setSwitched] = useState<boolean | null>(null);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setSwitched(null);
  }
  const checked = switched ?? value;
  return (
    <div data-testid={testId}>
      <h2 className="h5 d-flex align-items-center gap-2">
        <Icon name={icon} size={20} />
        {t(`profile.${texts}_title`)}
      </h2>
      <div className="d-flex align-items-center gap-2">
        <Form.Check
          type="switch"
          id={id}
          label={t(`profile.${texts}_label`)}
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => {
            const to = e.target.checked;
            setSwitched(to);
            // A refusal, or an answer other than asked for, shows what the server has.
            save.mutate({ [field]: to }, { onError: () => setSwitched(null), onSuccess: (answer) => answer[field] !== to && setSwitched(null) });
          }}
          aria-describedby={`${id}-help`}
        />
        {save.isPending && <Spinner size="sm" aria-hidden="true" />}
      </div>
      <p id={`${id}-help`} className="small text-body-secondary mb-0 mt-1">
        {checked ? t(`profile.${texts}_on`) : t(`profile.${texts}_off`)}
      </p>
      {save.error && (
        <p className="small text-danger mb-0 mt-1" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
