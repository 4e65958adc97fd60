import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Niche } from "../../../common/landers";

/** The niche's headline (h1) and line under it; each lander places it in its own design. */
export function NicheHeadline({ niche, className = "", children }: { niche: Niche; className?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <h1 className="lander-title fw-bold">{t(`landers.niche.${niche}.headline`)}</h1>
      <p className="lead mb-0">{t(`landers.niche.${niche}.subline`)}</p>
      {children}
    </div>
  );
}
