import { Accordion, Container } from "react-bootstrap";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { fill, useLegalTexts } from "../features/legal/useLegalTexts";
import { useLegalValues } from "../features/legal/useLegalValues";

/** /pages/faq: the questions members ask most, answered. */
export function FaqPage() {
  const texts = useLegalTexts();
  const legal = useLegalValues();
  if (texts.isPending || !texts.data || !legal.ready) return <PageSpinner />;
  const { faq, service } = texts.data;
  return (
    <Container className="py-4" style={{ maxWidth: 820 }} data-testid="pages-faq">
      <h1 className="h2 mb-3">{faq.title}</h1>
      <Accordion alwaysOpen>
        {faq.items.map((item, i) => (
          <Accordion.Item eventKey={String(i)} key={item.q}>
            <Accordion.Header as="h2">{fill(item.q, legal.values)}</Accordion.Header>
            <Accordion.Body>{fill(item.a, legal.values)}</Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
      <p className="mt-4">
        <PrefetchLink to="/pages/service">{service.title}</PrefetchLink>
      </p>
    </Container>
  );
}
