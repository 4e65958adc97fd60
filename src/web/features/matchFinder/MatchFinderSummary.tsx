import { useTranslation } from "react-i18next";
import { countryName } from "../members/countryNames";
import { useCountryRegions } from "../members/useCountryRegions";
import type { MatchFinderAnswers } from "./matchFinderSteps";

/** The wizard's answers in one line of chips above the results. */
export function MatchFinderSummary({ answers }: { answers: MatchFinderAnswers }) {
  const { t, i18n } = useTranslation();
  const regions = useCountryRegions(answers.country);
  const place = answers.country
    ? [regions.find((r) => r.code === answers.region)?.name, countryName(answers.country, i18n.language)].filter(Boolean).join(", ")
    : t("search.any_country");
  const chips = [
    answers.seeking ? t(`search.seeking.${answers.seeking}`) : null,
    t("match_finder.age_range", { min: answers.minAge, max: answers.maxAge }),
    place,
    ...answers.interests.map((id) => t(`interests.${id}`)),
  ].filter((chip): chip is string => Boolean(chip));
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-4" aria-label={t("match_finder.your_answers")}>
      {chips.map((chip) => (
        <li key={chip} className="badge rounded-pill text-bg-light border interest-badge">
          {chip}
        </li>
      ))}
    </ul>
  );
}
