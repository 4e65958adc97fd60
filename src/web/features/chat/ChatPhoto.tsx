import { useState } from "react";
import { Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";

interface Props {
  photo: { url: string; thumb: string };
  alt: string;
}

/** A photo in a bubble: the thumbnail; a tap shows the whole photo. */
export function ChatPhoto({ photo, alt }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
