import { ListGroup, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";

/** How many opening lines each locale has under `icebreakers.line1..n`. */
export const ICEBREAKER_COUNT = 6;

/** Opening lines for a first message, in the member's language; choosing one puts it in the text box. */
export function IcebreakerModal({ show, onClose, onChoose }: { show: boolean; onClose: () => void; onChoose: (line: string) => void }) {
  const { t } = useTranslation();
  const lines = Array.from({ length: ICEBREAKER_COUNT }, (_, i) => t(`icebreakers.line${i + 1}`));
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="icebreaker-title" data-testid="icebreaker-modal">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id="icebreaker-title">{t("chat.icebreaker_title")}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t("chat.icebreaker_intro")}</p>
        <ListGroup>
          {lines.map((line) => (
            <ListGroup.Item
              key={line}
              action
              onClick={() => {
                onChoose(line);
                onClose();
              }}
            >
              {line}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
    </Modal>
  );
}
