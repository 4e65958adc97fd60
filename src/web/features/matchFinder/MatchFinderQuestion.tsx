import { Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { MAX_AGE, MIN_AGE } from "../../../common/constants";
import { useSettings } from "../../api/settingsApi";
import { CountryOptions } from "../members/CountryOptions";
import { InterestChips } from "../members/InterestChips";
import { useCountryRegions } from "../members/useCountryRegions";
import { type MatchFinderAnswers, type MatchFinderStep, SEEKING_OPTIONS } from "./matchFinderSteps";

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

interface Props {
  step: MatchFinderStep;
  answers: MatchFinderAnswers;
  onChange(patch: Partial<MatchFinderAnswers>): void;
}

/** The controls of one match-finder question (the heading and buttons are the wizard's). */
export function MatchFinderQuestion({ step, answers, onChange }: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const regions = useCountryRegions(answers.country);

  if (step === "gender") {
    return (
      <div className="d-grid gap-2 seeking-options" role="radiogroup" aria-labelledby="match-finder-question">
        {SEEKING_OPTIONS.map((value) => (
          <div key={value}>
            <input
              type="radio"
              className="btn-check"
              name="seeking"
              id={`seeking-${value}`}
              value={value}
              checked={answers.seeking === value}
              onChange={() => onChange({ seeking: value })}
            />
            <label className="btn btn-outline-primary btn-lg w-100" htmlFor={`seeking-${value}`}>
              {t(`search.seeking.${value}`)}
            </label>
          </div>
        ))}
      </div>
    );
  }

  if (step === "age") {
    return (
      <div className="d-flex align-items-end justify-content-center gap-3">
        <Form.Group controlId="match-finder-min-age">
          <Form.Label>{t("match_finder.from")}</Form.Label>
          <Form.Select value={answers.minAge} onChange={(e) => onChange({ minAge: Number(e.target.value) })} size="lg">
            {AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <span className="pb-2" aria-hidden="true">
          –
        </span>
        <Form.Group controlId="match-finder-max-age">
          <Form.Label>{t("match_finder.to")}</Form.Label>
          <Form.Select value={answers.maxAge} onChange={(e) => onChange({ maxAge: Number(e.target.value) })} size="lg">
            {AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
    );
  }

  if (step === "where") {
    return (
      <div className="mx-auto match-finder-narrow">
        <Form.Group controlId="match-finder-country" className="mb-3">
          <Form.Label>{t("search.country")}</Form.Label>
          <Form.Select value={answers.country} onChange={(e) => onChange({ country: e.target.value, region: "" })} size="lg">
            <option value="">{t("search.any_country")}</option>
            <CountryOptions countries={settings.countries} />
          </Form.Select>
        </Form.Group>
        {answers.country && regions.length > 0 && (
          <Form.Group controlId="match-finder-region">
            <Form.Label>{t("search.region")}</Form.Label>
            <Form.Select value={answers.region} onChange={(e) => onChange({ region: e.target.value })} size="lg">
              <option value="">{t("search.any_region")}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
      </div>
    );
  }

  return (
    <>
      <p className="text-body-secondary small text-center">{t("match_finder.interests_help")}</p>
      <div className="d-flex justify-content-center">
        <InterestChips selected={answers.interests} onChange={(interests) => onChange({ interests })} labelledBy="match-finder-question" />
      </div>
    </>
  );
}
