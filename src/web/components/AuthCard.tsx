import type { ReactNode } from "react";
import { Card, Container } from "react-bootstrap";

/** The narrow card of the account pages (login, signup, reset...). */
export function AuthCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Container>
      <Card className="auth-card shadow-sm border-0" data-testid={testId}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
