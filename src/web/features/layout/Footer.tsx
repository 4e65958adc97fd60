import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCompanyInfo, useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { isInstalledApp } from "../../hooks/useInstalledApp";

type FooterLink = readonly [to: string, key: string];

const LEGAL: FooterLink[] = [
  ["/pages/terms", "footer.terms"],
  ["/pages/privacy", "footer.privacy"],
  ["/pages/cookies", "footer.cookies"],
  ["/pages/ban", "footer.ban"],
];
const SERVICE: FooterLink[] = [
  ["/pricing", "footer.pricing"],
  ["/complaints", "footer.complaints"],
  ["/pages/return-policy", "footer.return_policy"],
  ["/pages/faq", "footer.faq"],
  ["/pages/service", "footer.service"],
];

/**
 * Footer links of spec section 2. Visitors get the legal pages, pricing, complaints (anyone may
 * report content, EU Digital Services Act), FAQ and customer service; members also returns and
 * refunds; the installed app a compact row with the language settings.
 */
export function footerLinks(variant: "visitor" | "member" | "app"): FooterLink[] {
  if (variant === "app") return [LEGAL[0], LEGAL[1], SERVICE[4], ["/lang-config", "footer.language_settings"]];
  if (variant === "visitor") return [...LEGAL, SERVICE[0], SERVICE[1], SERVICE[3], SERVICE[4]];
  return [...LEGAL, ...SERVICE];
}

export function Footer() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const company = useCompanyInfo().data;
  const variant = isInstalledApp() ? "app" : user ? "member" : "visitor";
  return (
    <footer className="site-footer mt-5 py-4" data-testid={`footer-${variant}`}>
      <Container>
        <nav className="d-flex flex-wrap gap-3 mb-3 small" aria-label={t("nav.menu")}>
          {footerLinks(variant).map(([to, key]) => (
            <Link key={to} to={to}>
              {t(key)}
            </Link>
          ))}
        </nav>
        <p className="small mb-2">{t("footer.disclaimer", { site: settings.name })}</p>
        <p className="small mb-0">
          {t("footer.copyright", { year: String(new Date().getFullYear()), company: (company?.name ?? settings.name).replace(/\.$/, "") })}
        </p>
      </Container>
    </footer>
  );
}
