import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewerPhoto } from "../../../common/schemas/members";
import { useSettings } from "../../api/settingsApi";
import { PHOTO_SLOTS } from "../../../common/photoSizes";
import { Icon } from "../../components/Icon";
import { Photo } from "../../components/Photo";
import { PrefetchLink } from "../../components/PrefetchLink";

interface Props {
  name: string;
  photos: ViewerPhoto[];
  loggedIn: boolean;
}

/**
 * A member's photos: one large, the others as thumbnails. Photos the viewer may not see arrive as
 * blurred copies (spec section 1); they carry a lock and an invitation to premium (or, for visitors, to sign up).
 */
export function MemberPhotos({ name, photos, loggedIn }: Props) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const [index, setIndex] = useState(0);
  if (photos.length === 0) {
    return (
      <div className="member-main-photo d-flex flex-column align-items-center justify-content-center text-body-secondary" data-testid="member-photos">
        <span className="member-initial" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        {t("members.no_photo")}
      </div>
    );
  }
  const current = photos[Math.min(index, photos.length - 1)];
  const count = photos.length;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  return (
    <div data-testid="member-photos">
      <div className="member-main-photo position-relative">
        <Photo
          src={cdn_prefix + current.url}
          alt={t("member.photo_alt", { name, number: index + 1, count })}
          sizes={PHOTO_SLOTS.profilePhoto}
          className={current.locked ? "is-locked" : undefined}
          fetchPriority={index === 0 ? "high" : undefined}
          width={600}
          height={750}
          draggable={false}
        />
        {current.locked && (
          <div className="locked-overlay" data-testid="locked-photo">
            <Icon name="lock" size={40} />
            <p className="fw-semibold mb-2">{loggedIn ? t("member.locked_text") : t("member.locked_text_visitor")}</p>
            <PrefetchLink to={loggedIn ? "/premium" : "/signup"} className="btn btn-primary btn-sm px-3">
              {loggedIn ? t("nav.get_premium") : t("nav.signup")}
            </PrefetchLink>
          </div>
        )}
        {count > 1 && (
          <>
            <button type="button" className="photo-nav photo-nav-prev" onClick={() => go(-1)} aria-label={t("member.previous_photo")}>
              <Icon name="back" />
            </button>
            <button type="button" className="photo-nav photo-nav-next" onClick={() => go(1)} aria-label={t("member.next_photo")}>
              <Icon name="back" className="flip-x" />
            </button>
            <span className="photo-counter">
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="member-thumbs list-unstyled d-flex gap-2 mt-2 mb-0">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`member-thumb${i === index ? " is-current" : ""}`}
                onClick={() => setIndex(i)}
                aria-label={t("member.show_photo", { number: i + 1 })}
                aria-current={i === index}
              >
                <Photo
                  src={cdn_prefix + photo.thumb}
                  alt=""
                  sizes="64px"
                  width={64}
                  height={80}
                  loading="lazy"
                  className={photo.locked ? "is-locked" : undefined}
                  draggable={false}
                />
                {photo.locked && <Icon name="lock" size={16} className="thumb-lock" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
