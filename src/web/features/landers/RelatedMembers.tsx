import { Col, Row } from "react-bootstrap";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import type { MemberCard } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { SignupLink } from "../signup/SignupLink";
import { photoUrl } from "./photoUrl";

/** "More members like {{name}}": the profile's related members, each opening the signup to write them. */
export function RelatedMembers({ name, members }: { name: string; members: MemberCard[] }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const shown = members.filter((m) => m.main_image).slice(0, 6);
  if (shown.length === 0) return null;
  return (
    <section className="py-4">
      <h2 className="h4 mb-3">{t("landers.member.related", { name })}</h2>
      <Row xs={3} md={6} className="g-2">
        {shown.map((m) => (
          <Col key={m.id}>
            <SignupLink member={{ id: m.id, name: m.name }} className="lander-card d-block text-decoration-none" testId="lander-profile">
              <div className="lander-card-photo">
                <Photo src={photoUrl(cdn_prefix, m, "thumb") ?? ""} alt="" sizes="160px" loading="lazy" width={160} height={200} />
              </div>
              <div className="lander-card-caption small">
                <span className="fw-semibold">{m.name}</span>
                {m.age !== null && <span>, {m.age}</span>}
              </div>
            </SignupLink>
          </Col>
        ))}
      </Row>
    </section>
  );
}
