import { type ReactNode, useState } from "react";
import { Button, Container, Modal, Nav, Navbar } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Operator } from "../../../common/schemas/console";
import { useSignOut } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";
import { TotpEnrolment } from "./TotpEnrolment";

/** What a role sees in the console's menu. */
export const canLookUp = (operator: Operator) => operator.role === "support" || operator.role === "admin";
export const isAdmin = (operator: Operator) => operator.role === "admin";
export const canModerate = (operator: Operator) => operator.role === "moderator" || operator.role === "admin";

/** The console's menu, in its order, with the roles that see each entry. */
const CONSOLE_MENU: { key: string; to: string; allowed: (operator: Operator) => boolean }[] = [
  { key: "members", to: "/console", allowed: canLookUp },
  { key: "reports", to: "/console/reports", allowed: canModerate },
  { key: "photos", to: "/console/photos", allowed: canModerate },
  { key: "verifications", to: "/console/verifications", allowed: canModerate },
  { key: "complaints", to: "/console/complaints", allowed: canLookUp },
  { key: "appeals", to: "/console/appeals", allowed: canModerate },
  { key: "operations", to: "/console/operations", allowed: canLookUp },
  { key: "audit", to: "/console/audit", allowed: isAdmin },
];

/** The console's frame: menu by role, who is signed in, the optional second factor, sign-out. */
export function ConsoleShell({ operator, children }: { operator: Operator; children: ReactNode }) {
  const { t } = useTranslation(CONSOLE_NS);
  const signOut = useSignOut();
  const [enrolling, setEnrolling] = useState(false);
  return (
    <>
      <Navbar bg="dark" data-bs-theme="dark" expand="md" collapseOnSelect className="mb-3">
        <Container fluid>
          <Navbar.Brand as={Link} to="/console">
            {t("title")}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="console-nav" aria-label={t("menu")} />
          <Navbar.Collapse id="console-nav">
            <Nav className="me-auto">
              {CONSOLE_MENU.filter((item) => item.allowed(operator)).map((item) => (
                <Nav.Link key={item.key} as={Link} to={item.to} eventKey={item.key}>
                  {t(`nav.${item.key}`)}
                </Nav.Link>
              ))}
            </Nav>
            <Nav className="align-items-md-center gap-2">
              <Navbar.Text data-testid="console-operator">
                {operator.email} · {t(`roles.${operator.role}`)}
              </Navbar.Text>
              {!operator.totp && (
                <Button size="sm" variant="outline-light" onClick={() => setEnrolling(true)}>
                  {t("enrol.optional")}
                </Button>
              )}
              <Button size="sm" variant="light" onClick={() => signOut.mutate(undefined)}>
                {t("sign_out")}
              </Button>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <Container fluid="lg" className="pb-5">
        {children}
      </Container>
      <Modal show={enrolling} onHide={() => setEnrolling(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title>{t("enrol.title")}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{enrolling && <TotpEnrolment />}</Modal.Body>
      </Modal>
    </>
  );
}
