import { useState } from "react";
import { Alert, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { GIFTS, type Gift } from "../../../common/gifts";
import { type ConversationRef, useSendGift } from "../../api/chatApi";
import { useSettings } from "../../api/settingsApi";
import { PrefetchLink } from "../../components/PrefetchLink";

/** The gift catalogue: choosing a gift sends it at once, for the site's gift price. */
export function GiftPicker({
  show,
  onClose,
  target,
  partnerName,
  credits,
}: {
  show: boolean;
  onClose: () => void;
  target: ConversationRef;
  partnerName: string;
  credits: number;
}) {
  const { t } = useTranslation();
  const { gift_credits } = useSettings();
  const send = useSendGift(target);
  // One key per gift choice, reused if the same gift is retried after a network failure.
  const [keys] = useState(() => new Map<Gift, string>());
  const tooPoor = credits < gift_credits;
  const choose = (gift: Gift) => {
    if (!keys.has(gift)) keys.set(gift, crypto.randomUUID());
    send.mutate(
      { gift, idempotencyKey: keys.get(gift) as string },
      {
        onSuccess: () => {
          keys.delete(gift);
          onClose();
        },
      },
    );
  };
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="gift-picker-title" data-testid="gift-picker">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id="gift-picker-title">{t("chat.gift_title", { name: partnerName })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t("chat.gift_cost", { count: gift_credits })}</p>
        {(tooPoor || send.error) && (
          <Alert variant="warning" role="alert">
            {send.error?.message ?? t("errors.not_enough_credits")}{" "}
            <PrefetchLink to="/credits" className="alert-link">
              {t("chat.buy_credits")}
            </PrefetchLink>
          </Alert>
        )}
        <div className="d-grid gap-2" style={{ gridTemplateColumns: "repeat(4, minmax(0, 1fr))" }}>
          {GIFTS.map((gift) => (
            <button
              key={gift}
              type="button"
              className="btn btn-light d-flex flex-column align-items-center p-2"
              disabled={tooPoor || send.isPending}
              onClick={() => choose(gift)}
              data-testid={`gift-${gift}`}
            >
              <img src={`/gifts/${gift}.svg`} alt="" width={56} height={56} />
              <span className="small text-break lh-sm">{t(`gifts.${gift}`)}</span>
            </button>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  );
}
