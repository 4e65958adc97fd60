import { Card, Container } from "react-bootstrap";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { fill, useLegalTexts } from "../features/legal/useLegalTexts";
import { dialable, useLegalValues } from "../features/legal/useLegalValues";

/** /pages/service: how to reach customer service; the phone number dials with dashes and spaces stripped. */
export function ServicePage() {
  const texts = useLegalTexts();
  const legal = useLegalValues();
  if (texts.isPending || !texts.data || !legal.ready) return <PageSpinner />;
  const s = texts.data.service;
  const { values } = legal;
  const phone = String(values.phone);
  return (
    <Container className="py-4" style={{ maxWidth: 720 }} data-testid="pages-service">
      <h1 className="h2">{s.title}</h1>
      <p className="lead">{fill(s.intro, values)}</p>
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-3">{s.email_label}</dt>
            <dd className="col-sm-9">
              <a href={`mailto:${values.email}`}>{values.email}</a>
            </dd>
            <dt className="col-sm-3">{s.phone_label}</dt>
            <dd className="col-sm-9">
              <a href={`tel:${dialable(phone)}`} data-testid="service-phone">
                {phone}
              </a>
              <div className="small text-body-secondary">{s.hours}</div>
            </dd>
            <dt className="col-sm-3">{s.address_label}</dt>
            <dd className="col-sm-9 mb-0">
              {values.company}
              <br />
              {values.address}
              <br />
              {values.city}, {values.country}
            </dd>
          </dl>
        </Card.Body>
      </Card>
      <p>
        <PrefetchLink to="/pages/faq">{s.faq_link}</PrefetchLink>
      </p>
      <p>
        <PrefetchLink to="/complaints">{s.complaints_link}</PrefetchLink>
      </p>
    </Container>
  );
}
