import { Container } from "react-bootstrap";
import { Link, Outlet } from "react-router";
import { useSettings } from "../api/settingsApi";
import { EntryWarning } from "../features/layout/EntryWarning";
import { SignupModal } from "../features/signup/SignupModal";
import { Footer } from "../features/layout/Footer";

/**
 * Landing pages: a logo bar, the page and the footer; the entry warning only for NL and DE. The signup
 * modal is here too (our choice: landing pages lead to the signup, and the modal keeps the visitor on them).
 */
export function LanderLayout() {
  const settings = useSettings();
  return (
    <>
      <header className="topbar">
        <Container className="py-2">
          <Link to="/" className="brand">
            {settings.name}
          </Link>
        </Container>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      <EntryWarning layout="lander" />
      <SignupModal />
    </>
  );
}
