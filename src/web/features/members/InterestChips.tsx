import { useTranslation } from "react-i18next";
import { MAX_INTERESTS } from "../../../common/constants";
import { INTERESTS, type Interest } from "../../../common/interests";
import { useInterests } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { toggleInterest } from "./toggleInterest";

interface Props {
  selected: readonly string[];
  onChange(next: Interest[]): void;
  /** Id of the element that names the group (a label or heading). */
  labelledBy: string;
}

/** Interests as toggle buttons, with the names GET /api/interests.php gives in the member's language; at most 10. */
export function InterestChips({ selected, onChange, labelledBy }: Props) {
  const { i18n } = useTranslation();
  const interests = (useInterests(i18n.language).data?.interests ?? []).filter((i): i is { id: Interest; name: string } =>
    (INTERESTS as readonly string[]).includes(i.id),
  );
  const chosen = selected.filter((s): s is Interest => (INTERESTS as readonly string[]).includes(s));
  const full = chosen.length >= MAX_INTERESTS;
  return (
    <fieldset className="d-flex flex-wrap gap-2" aria-labelledby={labelledBy}>
      {interests.map(({ id, name }) => {
        const on = chosen.includes(id);
        return (
          <button
            key={id}
            type="button"
            className={`btn btn-sm interest-chip ${on ? "btn-primary" : "btn-outline-secondary"}`}
            aria-pressed={on}
            disabled={!on && full}
            onClick={() => onChange(toggleInterest(chosen, id))}
          >
            {on && <Icon name="check" size={14} className="me-1" />}
            {name}
          </button>
        );
      })}
    </fieldset>
  );
}
