import { useParams } from "react-router";
import { landerNiche, type Niche } from "../../../common/landers";
import { useSettings } from "../../api/settingsApi";

/** The niche a lander shows: the URL's slug when it names one, else the site's (settings.niche). */
export function useLanderNiche(): Niche {
  const { slug } = useParams();
  const settings = useSettings();
  return landerNiche(slug, settings.niche);
}
