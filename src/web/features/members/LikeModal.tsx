import { useEffect, useState } from "react";
import { LazyModal } from "../../components/LazyModal";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AutoLikeResponse } from "../../../common/schemas/members";
import { fetchAutoLike, refetchLikes } from "../../api/likesApi";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { useRouteName } from "../../hooks/useRouteName";
import { useVisitStore } from "../../stores/visitStore";
import { modalMayOpen } from "../layout/bannerPriority";
import { useTopBanner } from "../layout/useTopBanner";
import { delayFromQuery, LIKE_MODAL_SESSION_KEY, likeModalDelayMs, reloadLikesSoon } from "./likeModalDelay";

type Liker = NonNullable<AutoLikeResponse["profile"]>;

function askedThisSession(): boolean {
  try {
    return sessionStorage.getItem(LIKE_MODAL_SESSION_KEY) !== null;
  } catch {
    return false;
  }
}

function markAsked(): void {
  try {
    sessionStorage.setItem(LIKE_MODAL_SESSION_KEY, String(Date.now()));
  } catch {
    // Without storage the modal may come once more on the next page load; harmless.
  }
}

/**
 * The "New like!" modal (spec section 2): once per browser session, after `t` seconds when the member
 * arrived with ?t=, otherwise after a while in the members area, it asks for an automatic like and shows
 * the liker. Leaving the members area before then cancels the wait.
 */
export function LikeModal() {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const navigate = useNavigate();
  const routeName = useRouteName();
  // `t` belongs to the address the member arrived on; later navigation drops it but not the wait.
  const [queryDelayS] = useState(() => delayFromQuery(window.location.search));
  const [asked, setAsked] = useState(askedThisSession);
  const [liker, setLiker] = useState<Liker | null>(null);
  const banner = useTopBanner();
  const firstPageOfVisit = useVisitStore((s) => s.pages <= 1);
  // With `t` the link asked for the modal (spec section 2); otherwise it waits while a banner has the
  // first page of the visit.
  const waits = queryDelayS === null && !modalMayOpen({ banner, firstPageOfVisit });
  const delay = waits ? null : likeModalDelayMs({ queryDelayS, routeName, askedThisSession: asked });

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => {
      markAsked();
      // This also ends the wait (the delay turns null): the answer is awaited outside the effect.
      setAsked(true);
      fetchAutoLike()
        .then((answer) => setLiker(answer.profile))
        // A failed automatic like is not worth an error message: nothing happens.
        .catch(() => {});
    }, delay);
    return () => clearTimeout(timer);
  }, [delay]);

  // The like is in the member's likes now: the badge and likes page catch up shortly after.
  useEffect(() => {
    if (!liker) return;
    return reloadLikesSoon(refetchLikes);
  }, [liker]);

  if (!liker) return null;
  const open = () => {
    setLiker(null);
    navigate(`/members/${liker.id}`);
  };
  const image = liker.main_image ? cdn_prefix + liker.main_image.match : null;
  return (
    <LazyModal show onHide={() => setLiker(null)} centered size="sm" aria-labelledby="like-modal-title" data-testid="like-modal">
      <LazyModal.Header closeButton closeLabel={t("common.close")} className="border-0 pb-0">
        <LazyModal.Title id="like-modal-title" className="h4 text-primary d-flex align-items-center gap-2">
          <Icon name="heart" size={24} />
          {t("like_modal.title")}
        </LazyModal.Title>
      </LazyModal.Header>
      <LazyModal.Body className="text-center">
        <button type="button" className="like-modal-photo btn p-0 border-0 mb-3" onClick={open} aria-label={t("like_modal.view", { name: liker.name })}>
          {image ? (
            <img src={image} alt={liker.name} width={220} height={220} className="rounded-circle object-fit-cover shadow" />
          ) : (
            <span className="like-modal-initial rounded-circle bg-secondary text-white d-inline-flex align-items-center justify-content-center">
              {liker.name.slice(0, 1).toUpperCase()}
            </span>
          )}
        </button>
        <p className="fs-5 mb-3">{t("like_modal.text", { name: liker.name })}</p>
        <button type="button" className="btn btn-primary btn-lg w-100" onClick={open} data-testid="like-modal-open">
          {t("like_modal.button")}
        </button>
      </LazyModal.Body>
    </LazyModal>
  );
}
