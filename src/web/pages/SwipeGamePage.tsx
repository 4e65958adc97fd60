import { useEffect, useRef, useState } from "react";
import { Alert, Button, Card, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { SWIPE_LIKES_PER_DAY } from "../../common/constants";
import type { MemberCard } from "../../common/schemas/user";
import { Icon } from "../components/Icon";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { SwipeButtons } from "../features/swipe/SwipeButtons";
import { SwipeCard } from "../features/swipe/SwipeCard";
import { SwipeMatchModal } from "../features/swipe/SwipeMatchModal";
import type { SwipeAction } from "../features/swipe/swipeLogic";
import { useSwipeKeys } from "../features/swipe/useSwipeKeys";
import { useSwipeGame } from "../features/swipe/useSwipeGame";

/** How long a swiped card takes to fly off (the CSS transition is a little shorter). */
const LEAVE_MS = 350;

interface Leaving {
  card: MemberCard;
  action: SwipeAction;
  from: { x: number; y: number };
}

/** The swipe game: like (right) or pass (left) a stack of members, with 4 likes a day (spec section 5). */
export function SwipeGamePage() {
  const { t } = useTranslation();
  const game = useSwipeGame();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const outOfLikes = game.likesLeft === 0;
  const top = game.stack[0];

  const swipe = (action: SwipeAction, from = { x: 0, y: 0 }): boolean => {
    const card = game.stack[0];
    if (!card || !game.act(action)) return false;
    setLeaving({ card, action, from });
    setAnnouncement(t(action === "like" ? "swipe.liked" : "swipe.passed", { name: card.name }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLeaving(null), LEAVE_MS);
    return true;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // Arrow keys play too, except while the match dialog is open.
  useSwipeKeys(swipe, () => Boolean(game.match));

  return (
    <Container className="py-4 swipe-page" data-testid="swipe-page">
      <div className="text-center mb-3">
        <h1 className="h3 mb-1">{t("swipe.title")}</h1>
        <p className="text-body-secondary small mb-2">{t("swipe.intro")}</p>
        {game.likesLeft !== null && (
          <div className="d-inline-flex align-items-center gap-2 likes-left" data-testid="likes-left">
            <span className="d-inline-flex text-primary" aria-hidden="true">
              {Array.from({ length: SWIPE_LIKES_PER_DAY }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical hearts.
                <Icon key={i} name={i < (game.likesLeft ?? 0) ? "heart" : "heartOutline"} size={18} />
              ))}
            </span>
            <span className="small fw-semibold">{t("swipe.likes_left", { count: game.likesLeft })}</span>
          </div>
        )}
      </div>

      {outOfLikes && (
        <Alert variant="warning" className="swipe-limit mx-auto text-center" data-testid="swipe-limit">
          {game.limitMessage ?? t("errors.swipe_limit")}
        </Alert>
      )}
      {game.sendError && (
        <Alert variant="danger" className="mx-auto swipe-limit" role="alert">
          {game.sendError}
        </Alert>
      )}

      {game.loadError && game.stack.length === 0 ? (
        <Alert key="alert" variant="danger" className="mx-auto swipe-limit d-flex align-items-center gap-2">
          <span className="me-auto">{game.loadError}</span>
          <Button size="sm" variant="outline-danger" onClick={game.retry}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : game.finished && !leaving ? (
        <Card key="card" className="border-0 shadow-sm text-center mx-auto swipe-empty" data-testid="swipe-empty">
          <Card.Body className="p-4">
            <Icon name="heartOutline" size={48} className="text-primary mb-3" />
            <h2 className="h5">{t("swipe.empty_title")}</h2>
            <p className="text-body-secondary">{t("swipe.empty_text")}</p>
            <PrefetchLink to="/members" className="btn btn-primary">
              {t("swipe.empty_button")}
            </PrefetchLink>
          </Card.Body>
        </Card>
      ) : game.stack.length === 0 && !leaving ? (
        <PageSpinner key="pageSpinner" />
      ) : (
        <>
          <section className="swipe-stack mx-auto" aria-label={t("swipe.stack")} aria-roledescription={t("swipe.stack")}>
            {game.stack
              .slice(0, 3)
              .map((card, depth) => <SwipeCard key={card.id} member={card} depth={depth} onSwipe={depth === 0 ? swipe : undefined} />)
              .reverse()}
            {leaving && <SwipeCard key={`leaving-${leaving.card.id}`} member={leaving.card} depth={0} leaving={leaving} />}
          </section>
          <SwipeButtons top={top} onSwipe={(action) => swipe(action)} likeDisabled={outOfLikes}>
            {top && (
              <PrefetchLink to={`/members/${top.id}`} className="btn btn-light rounded-pill small" data-testid="swipe-profile">
                {t("swipe.view_profile")}
              </PrefetchLink>
            )}
          </SwipeButtons>
          <p className="text-center small text-body-secondary mt-3 d-none d-md-block">{t("swipe.keyboard_hint")}</p>
        </>
      )}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      <SwipeMatchModal member={game.match} onClose={game.clearMatch} />
    </Container>
  );
}
