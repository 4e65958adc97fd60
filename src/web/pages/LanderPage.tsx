import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isLander, type LanderName, type Niche } from "../../common/landers";
import { ErrorPage } from "../components/ErrorPage";
import { AloneTonightLander } from "../features/landers/AloneTonightLander";
import { CollageLander } from "../features/landers/CollageLander";
import { GalleryLander } from "../features/landers/GalleryLander";
import { IconsLander } from "../features/landers/IconsLander";
import { MapLander } from "../features/landers/MapLander";
import { SocialNetworkLander } from "../features/landers/SocialNetworkLander";
import { TransitionsVideoLander } from "../features/landers/TransitionsVideoLander";
import { useLanderNiche } from "../features/landers/useLanderNiche";
import { VideoLander } from "../features/landers/VideoLander";

const LANDER_PAGES: Record<LanderName, ComponentType<{ niche: Niche }>> = {
  alonetonight: AloneTonightLander,
  collagelanding: CollageLander,
  gallery: GalleryLander,
  iconslanding: IconsLander,
  maplanding: MapLander,
  socialnetwork: SocialNetworkLander,
  transitionsvideolanding: TransitionsVideoLander,
  video: VideoLander,
};

/** /landers/{name}/{slug?}: the lander of that name for the niche of the slug (or the site's). */
export function LanderPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const niche = useLanderNiche();
  if (!isLander(name)) return <ErrorPage status={404} message={t("errors.not_found")} />;
  const Lander = LANDER_PAGES[name];
  return <Lander niche={niche} />;
}
