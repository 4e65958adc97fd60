import Fastify, { type RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { registerWithAuth, requireRouteAuth, routeAuthOf } from "./routeAuth";

/** A bare server with only the declaration check: what a route table must say before the start goes on. */
async function start(routes: (app: ReturnType<typeof Fastify>) => void | Promise<void>) {
  const app = Fastify();
  requireRouteAuth(app);
  try {
    await app.register(async (scope) => routes(scope));
    await app.ready();
  } finally {
    await app.close();
  }
}

const ok = async () => ({ ok: true });

describe("route callers declared at the start", () => {
  it("starts when every route declares visitor, member or console roles in the console", async () => {
    await expect(
      start((app) => {
        app.get("/api/a.php", { config: { auth: "visitor" } }, ok);
        app.post("/api/b.php", { config: { auth: "member" } }, ok);
        app.get("/api/console/c", { config: { auth: ["admin", "support"] } }, ok);
        app.post("/api/console/code", { config: { auth: "operator_signing_in" } }, ok);
      }),
    ).resolves.toBeUndefined();
  });

  it("stops the start at a route that does not say who may call it", async () => {
    await expect(start((app) => void app.get("/api/forgot.php", ok))).rejects.toThrow("GET /api/forgot.php: every route must declare its caller");
  });

  it("stops the start at operator access outside the console, a member route inside it, and unknown callers or roles", async () => {
    await expect(start((app) => void app.get("/api/x.php", { config: { auth: ["admin"] } }, ok))).rejects.toThrow("operator routes live under /api/console/");
    await expect(start((app) => void app.get("/api/console/x", { config: { auth: "member" } }, ok))).rejects.toThrow("console routes are for operators");
    const unknown = { auth: "everyone" } as unknown as { auth: "visitor" };
    await expect(start((app) => void app.get("/api/y.php", { config: unknown }, ok))).rejects.toThrow('config.auth "everyone" is no caller');
    const role = { auth: ["janitor"] } as unknown as { auth: "visitor" };
    await expect(start((app) => void app.get("/api/console/y", { config: role }, ok))).rejects.toThrow("unknown operator roles");
  });

  it("gives the routes of a plugin that takes no route options one declared caller", async () => {
    const seen: unknown[] = [];
    await start(async (app) => {
      app.addHook("onRoute", (route: RouteOptions) => void seen.push(routeAuthOf(route.config)));
      await registerWithAuth(app, "visitor", (scope) =>
        scope.register(async (plugin) => {
          plugin.get("/public/one", ok);
          plugin.get("/public/two", { config: { auth: "member" } }, ok);
        }),
      );
    });
    // The plugin's own declaration wins; HEAD routes copy their GET.
    expect(seen).toEqual(["visitor", "visitor", "member", "member"]);
  });
});
