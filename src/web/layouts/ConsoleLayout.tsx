import { Outlet } from "react-router";

/** The operators' console brings its own frame (src/web/console): nothing of the members' site around it. */
export function ConsoleLayout() {
  return (
    <main className="app-main console-main">
      <Outlet />
    </main>
  );
}
