import { type ChangeEvent, useRef, useState } from "react";
import { Photo } from "../../components/Photo";
import { Alert, Badge, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { PREMIUM_PHOTOS } from "../../../common/constants";
import type { OwnPhoto } from "../../../common/schemas/members";
import { photoModerationOf } from "../../../common/photoModeration";
import { useClosePhotoNotice, usePhotoNotices } from "../../api/photoNoticesApi";
import { useDeletePhoto, useUploadPhoto } from "../../api/photosApi";
import { useSaveProfile } from "../../api/profileApi";
import { useSettings } from "../../api/settingsApi";
import { ConfirmModal } from "../../components/ConfirmModal";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";

const STATUS_VARIANT: Record<OwnPhoto["status"], string> = { approved: "success", pending: "warning", rejected: "danger" };

interface Props {
  photos: OwnPhoto[];
  maxPhotos: number;
  paidUser: boolean;
}

/** Own photos with their review status and the site's review rule: upload, choose the main photo, delete; rejections with their reason. */
export function PhotoManager({ photos, maxPhotos, paidUser }: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { cdn_prefix } = settings;
  // What the site's rule is, said truthfully: checked before others see a photo, or shown at once and checked after.
  const rule = photoModerationOf(settings);
  const rejected = usePhotoNotices(true).data?.rejected ?? [];
  const closeNotice = useClosePhotoNotice();
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const makeMain = useSaveProfile();
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<OwnPhoto | null>(null);
  const full = photos.length >= maxPhotos;
  const error = upload.error ?? makeMain.error;

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared at once, so that choosing the same file again (after an error) fires again.
    e.target.value = "";
    if (file) {
      makeMain.reset();
      upload.mutate(file);
    }
  };

  return (
    <div data-testid="photo-manager">
      <div className="d-flex align-items-baseline justify-content-between mb-2">
        <h2 className="h5 mb-0">{t("photos.title")}</h2>
        <span className="small text-body-secondary">{t("photos.count", { count: photos.length, max: maxPhotos })}</span>
      </div>
      {error && (
        <Alert
          variant="danger"
          className="py-2 small"
          role="alert"
          dismissible
          onClose={() => {
            upload.reset();
            makeMain.reset();
          }}
          closeLabel={t("common.close")}
        >
          {error.message}
        </Alert>
      )}
      {rejected.map((r) => (
        <Alert
          key={r.id}
          variant="warning"
          className="py-2 small"
          dismissible
          onClose={() => closeNotice.mutate(r.id)}
          closeLabel={t("common.close")}
          data-testid="photo-rejected-notice"
        >
          {t("photos.rejected_notice", { reason: t(`photos.rejection_reasons.${r.reason}`) })}
        </Alert>
      ))}
      <ul className="photo-grid list-unstyled mb-2">
        {photos.map((photo) => (
          <li key={photo.id} className="photo-tile" data-testid="own-photo">
            <Photo
              src={cdn_prefix + photo.thumb_filename}
              alt={photo.is_main ? t("photos.main_alt") : t("photos.alt")}
              sizes="160px"
              width={160}
              height={200}
              loading="lazy"
            />
            <Badge bg={STATUS_VARIANT[photo.status]} text={photo.status === "pending" ? "dark" : undefined} className="photo-status">
              {t(`photos.status_${photo.status}`)}
            </Badge>
            {photo.is_main && (
              <Badge bg="primary" className="photo-main d-inline-flex align-items-center gap-1">
                <Icon name="star" size={12} />
                {t("photos.main")}
              </Badge>
            )}
            <div className="photo-actions">
              {!photo.is_main && photo.status === "approved" && (
                <button
                  type="button"
                  className="btn btn-light btn-sm"
                  onClick={() => makeMain.mutate({ main_image_id: photo.id })}
                  disabled={makeMain.isPending}
                  title={t("photos.make_main")}
                  aria-label={t("photos.make_main")}
                >
                  <Icon name="star" size={16} />
                </button>
              )}
              <button
                type="button"
                className="btn btn-light btn-sm"
                onClick={() => setDeleting(photo)}
                title={t("photos.delete")}
                aria-label={t("photos.delete")}
              >
                <Icon name="trash" size={16} />
              </button>
            </div>
          </li>
        ))}
        {!full && (
          <li className="photo-tile">
            <button type="button" className="photo-add" onClick={() => input.current?.click()} disabled={upload.isPending} data-testid="photo-upload">
              {upload.isPending ? <Spinner aria-hidden="true" /> : <Icon name="camera" size={32} />}
              <span className="small fw-semibold">{upload.isPending ? t("photos.uploading") : t("photos.add")}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="d-none"
        onChange={choose}
        aria-label={t("photos.add")}
        tabIndex={-1}
        data-testid="photo-input"
      />
      <p className="small mb-1" data-testid="photo-rule">
        {rule.mode === "pre" ? t("photos.rule_pre", { hours: rule.reviewHours }) : t("photos.rule_post")}
      </p>
      <p className="small text-body-secondary mb-0">{t("photos.review_note")}</p>
      {full && !paidUser && (
        <p className="small mt-2 mb-0">
          {t("photos.more_with_premium", { max: PREMIUM_PHOTOS })} <PrefetchLink to="/premium">{t("nav.get_premium")}</PrefetchLink>
        </p>
      )}
      <ConfirmModal
        show={deleting !== null}
        title={t("photos.delete_title")}
        confirmLabel={t("photos.delete")}
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting && (
          <div className="d-flex align-items-center gap-3">
            <img src={cdn_prefix + deleting.thumb_filename} alt="" width={64} height={80} className="rounded object-fit-cover" />
            <p className="mb-0">{t("photos.delete_text")}</p>
          </div>
        )}
      </ConfirmModal>
    </div>
  );
}
