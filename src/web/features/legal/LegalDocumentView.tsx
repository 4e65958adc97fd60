import { useFormats } from "../../i18n/formats";
import { fill, type LegalDocument } from "./useLegalTexts";

/** A legal text: title, version date (terms), introduction, a table of contents and numbered sections. */
export function LegalDocumentView(props: {
  document: LegalDocument;
  common: Record<string, string>;
  values: Record<string, string | number>;
  versionDate: string | null;
}) {
  const { document, common, values, versionDate } = props;
  const formats = useFormats();
  const f = (text: string) => fill(text, values);
  const anchor = (i: number) => `section-${i + 1}`;
  return (
    <article>
      <h1 className="h2">{f(document.title)}</h1>
      {versionDate && (
        <p className="text-body-secondary small" data-testid="terms-version">
          {fill(common.version, { date: formats.date(versionDate) })}
        </p>
      )}
      <p className="lead">{f(document.intro)}</p>
      {document.sections.length > 3 && (
        <nav aria-label={common.on_this_page} className="mb-4">
          <p className="fw-semibold mb-1">{common.on_this_page}</p>
          <ul className="list-unstyled small legal-toc">
            {document.sections.map((section, i) => (
              <li key={section.heading}>
                <a href={`#${anchor(i)}`}>{f(section.heading)}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {document.sections.map((section, i) => (
        <section key={section.heading} id={anchor(i)} className="mb-4">
          <h2 className="h5">{f(section.heading)}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{f(paragraph)}</p>
          ))}
        </section>
      ))}
      <aside className="border-top pt-3 small text-body-secondary">
        <p className="fw-semibold mb-1">{common.contact_title}</p>
        <p>{fill(common.contact_text, values)}</p>
      </aside>
    </article>
  );
}
