import { useEffect, useState } from "react";
import { Toast, ToastContainer } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useNetworkStore } from "../stores/networkStore";

/** Says when the connection is lost, and briefly when it is back. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useNetworkStore((s) => s.online);
  const wasOffline = useNetworkStore((s) => s.wasOffline);
  const [showBack, setShowBack] = useState(false);

  useEffect(() => {
    if (online && wasOffline) {
      setShowBack(true);
      const timer = setTimeout(() => setShowBack(false), 3000);
      return () => clearTimeout(timer);
    }
  }, [online, wasOffline]);

  return (
    <ToastContainer position="bottom-center" className="p-3" style={{ zIndex: 1100 }}>
      <Toast show={!online} bg="dark">
        <Toast.Body className="text-white">{t("common.offline")}</Toast.Body>
      </Toast>
      <Toast show={online && showBack} bg="success" onClose={() => setShowBack(false)}>
        <Toast.Body className="text-dark">{t("common.online")}</Toast.Body>
      </Toast>
    </ToastContainer>
  );
}
