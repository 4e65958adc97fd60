import { useState } from "react";
import { Button, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { BlockButton } from "../members/BlockButton";
import { ReportButton } from "../members/ReportButton";

interface Props {
  photo: { url: string; thumb: string };
  alt: string;
  /**
   * A received photo the nudity model flagged (photo safety): blurred until the member chooses to
   * view it, with blocking and reporting its sender at hand.
   */
  flaggedFrom?: { id: number; name: string; messageId: number };
  /** The member chose to view the flagged photo (held by the message, whose own report button shows once the cover is gone). */
  revealed?: boolean;
  onReveal?: () => void;
}

/** A photo in a bubble: the thumbnail; a tap shows the whole photo. A flagged one is blurred first. */
export function ChatPhoto({ photo, alt, flaggedFrom, revealed = false, onReveal }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (flaggedFrom && !revealed) {
    return (
      <div className="chat-photo-flagged" data-testid="chat-photo-flagged">
        <div className="chat-photo-flagged-image" aria-hidden="true">
          <img src={photo.thumb} alt="" loading="lazy" />
        </div>
        <div className="chat-photo-flagged-cover">
          <Icon name="eyeOff" size={28} />
          <p className="fw-semibold mb-0">{t("chat.photo_flagged")}</p>
          <p className="small mb-2">{t("chat.photo_flagged_hint")}</p>
          <div className="d-flex flex-wrap justify-content-center gap-1">
            <Button size="sm" variant="light" onClick={onReveal} data-testid="chat-photo-view">
              {t("chat.photo_view")}
            </Button>
            <BlockButton id={flaggedFrom.id} name={flaggedFrom.name} blocked={false} size="sm" onDark />
            <ReportButton id={flaggedFrom.id} name={flaggedFrom.name} messageId={flaggedFrom.messageId} labelled />
          </div>
        </div>
      </div>
    );
  }
  return (
    <>
      <button type="button" className="chat-photo" onClick={() => setOpen(true)} aria-label={t("chat.photo_open", { alt })} data-testid="chat-photo">
        <img src={photo.thumb} alt={alt} loading="lazy" />
      </button>
      <Modal show={open} onHide={() => setOpen(false)} centered size="lg" aria-label={alt}>
        <Modal.Header closeButton closeLabel={t("common.close")} />
        <Modal.Body className="p-0 text-center bg-dark">
          <img src={photo.url} alt={alt} className="img-fluid" style={{ maxHeight: "80vh" }} />
        </Modal.Body>
      </Modal>
    </>
  );
}
