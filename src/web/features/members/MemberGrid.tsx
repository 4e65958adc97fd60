import { Col, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { MemberCard as Member } from "../../../common/schemas/user";
import { MemberCard } from "./MemberCard";

export function MemberGrid({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  if (members.length === 0) return <p className="text-body-secondary">{t("members.empty")}</p>;
  return (
    <Row xs={2} sm={3} md={4} lg={6} className="g-3">
      {members.map((member) => (
        <Col key={member.id}>
          <MemberCard member={member} />
        </Col>
      ))}
    </Row>
  );
}
