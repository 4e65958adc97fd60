import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import type { Modal } from "react-bootstrap";
import { importWithReload } from "../lazyWithReload";
import { whenIdle } from "../whenIdle";

const load = importWithReload(() => import("react-bootstrap/Modal"));
const part = <K extends "Header" | "Title" | "Body" | "Footer">(key: K) => lazy(() => load().then((m) => ({ default: m.default[key] })));
const RealModal = lazy(() => load().then((m) => ({ default: m.default })));

let asked = false;
/** Fetches the dialog's code once the page is idle, so that a first opening rarely waits for it. */
function loadWhenIdle(): void {
  if (asked || typeof window === "undefined") return;
  asked = true;
  whenIdle(() => void load().catch(() => {}), 2000);
}

/**
 * react-bootstrap's Modal for dialogs that the layout holds on every page but opens only now and
 * then (the like modal, the time bonus, the activation reminder, a confirmation): its code, a few KB, loads when the
 * page is idle or the dialog first opens, not with a member's first page. Used like Modal, with the
 * same parts; once opened it stays mounted, so that it can close with its animation.
 */
export function LazyModal(props: ComponentProps<typeof Modal>) {
  const [opened, setOpened] = useState(Boolean(props.show));
  useEffect(loadWhenIdle, []);
  useEffect(() => {
    if (props.show) setOpened(true);
  }, [props.show]);
  if (!opened && !props.show) return null;
  return (
    <Suspense fallback={null}>
      <RealModal {...props} />
    </Suspense>
  );
}

LazyModal.Header = part("Header");
LazyModal.Title = part("Title");
LazyModal.Body = part("Body");
LazyModal.Footer = part("Footer");
