import { Alert, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useUser } from "../../api/userApi";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useRouteName } from "../../hooks/useRouteName";
import { dismiss, useDismissed } from "../../stores/dismissals";
import { profilePhotoAlertVisible } from "./profilePhotoAlertVisible";

/** Asks a member without a main photo to add one (spec section 2, banners); dismissal is remembered. */
export function ProfilePhotoAlert() {
  const { t } = useTranslation();
  const user = useUser();
  const routeName = useRouteName();
  const dismissed = useDismissed("hide-enrich-alert");
  const show = profilePhotoAlertVisible({ loggedIn: user !== null, hasMainImage: Boolean(user?.profile.main_image), routeName, dismissed });
  if (!show) return null;
  const close = () => dismiss("hide-enrich-alert");
  return (
    <Container className="mt-3">
      <Alert
        variant="info"
        dismissible
        onClose={close}
        closeLabel={t("common.close")}
        className="d-flex flex-wrap align-items-center gap-2 mb-0 enrich-alert"
        data-testid="profile-photo-alert"
      >
        <Icon name="camera" size={22} className="text-primary flex-shrink-0" />
        <span className="me-auto">{t("enrich_alert.text")}</span>
        <PrefetchLink to="/profile" className="btn btn-sm btn-primary">
          {t("enrich_alert.button")}
        </PrefetchLink>
      </Alert>
    </Container>
  );
}
