import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../i18n/i18n";
import { ErrorPage } from "./ErrorPage";

// Spec section 8: the generic error page, rendered as the browser gets it.

beforeAll(async () => {
  vi.stubGlobal("document", { documentElement: {}, cookie: "" });
  await initI18n("en");
  vi.unstubAllGlobals();
});

const render = (page: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{page}</MemoryRouter>);

describe("the generic error page", () => {
  it("defaults to 500 and 'Error', with a reload button", () => {
    const html = render(<ErrorPage />);
    expect(html).toContain(">500</p>");
    expect(html).toContain(">Error</h1>");
    expect(html).toContain(">Reload page</button>");
    expect(html).not.toContain('href="/"');
  });

  it("shows the status and message it is given, with a link home on 404", () => {
    const html = render(<ErrorPage status={404} message="This page could not be found" />);
    expect(html).toContain(">404</p>");
    expect(html).toContain(">This page could not be found</h1>");
    expect(html).toMatch(/<a[^>]+href="\/"/);
  });
});
