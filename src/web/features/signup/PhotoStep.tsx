import { Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { User } from "../../../common/schemas/user";
import { useOwnProfile } from "../../api/profileApi";
import { useSignupStep } from "../../api/userApi";
import { PhotoManager } from "../profile/PhotoManager";
import { StepButtons } from "./StepButtons";

/** Step 1: add a photo (checked and re-encoded like any profile photo); it may be skipped. */
export function PhotoStep({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const own = useOwnProfile();
  const advance = useSignupStep();
  const photos = own.data?.photos ?? [];
  const next = () => advance.mutate(1, { onSuccess: onDone });
  return (
    <div data-testid="signup-step-photo">
      <h2 className="h4 mb-1">{t("signup_steps.photo.title")}</h2>
      <p className="text-body-secondary">{t("signup_steps.photo.intro", { name: user.profile.name })}</p>
      {own.data ? <PhotoManager photos={photos} maxPhotos={own.data.max_photos} paidUser={user.paid_user} /> : <Spinner aria-label={t("common.loading")} />}
      {advance.error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {advance.error.message}
        </p>
      )}
      <StepButtons busy={advance.isPending} onSkip={photos.length === 0 ? next : undefined} onNext={photos.length > 0 ? next : undefined} />
    </div>
  );
}
