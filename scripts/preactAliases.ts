// The app is written against React's API and runs on Preact (preact/compat), which does the same job
// in about a tenth of the JavaScript (issue 19: a member's first page under 130 KB). Every import of
// React, by our code and by the libraries (React Router, React Query, react-bootstrap, react-hook-form,
// react-i18next), goes to Preact: in the client build, the server's rendering build and the unit tests.
// The types stay React's (@types/react), which preact/compat follows.

/** Vite's resolve.alias entries, the most specific first. */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
  // React's shim for older Reacts (react-i18next): Preact has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: "preact/compat" },
];
