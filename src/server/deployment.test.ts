import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_VARIABLES } from "./config";

// compose.yaml, the Dockerfile and the Caddyfile are not run by any test here (no Docker engine):
// this keeps them from drifting away from the server they deploy.

const root = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
  healthcheck?: unknown;
}

const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = Object.entries(compose.services);
/** The services that run the app's image: the instances and the one-shot migrate service. */
const appImage = services.filter(([, s]) => s.image === "amoria:latest");
const instances = appImage.filter(([name]) => name !== "migrate");

const names = (environment: Service["environment"]) => (Array.isArray(environment) ? environment.map((e) => e.split("=")[0]) : Object.keys(environment ?? {}));

describe("compose.yaml", () => {
  it("sets only variables the server reads, on every service that runs its image", () => {
    expect(appImage.length).toBeGreaterThanOrEqual(3);
    for (const [name, service] of appImage) {
      const unknown = names(service.environment).filter((variable) => !ENV_VARIABLES.includes(variable));
      expect(unknown, name).toEqual([]);
    }
  });

  it("runs two instances in production on PostgreSQL, Redis and the bucket, each started after the migrations", () => {
    expect(instances.map(([name]) => name)).toEqual(["app1", "app2"]);
    for (const [name, service] of instances) {
      const env = service.environment as Record<string, string>;
      expect(env.NODE_ENV, name).toBe("production");
      for (const required of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "S3_BUCKET", "TRUST_PROXY"]) expect(env[required], `${name} ${required}`).toBeTruthy();
      expect(service.depends_on, name).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
    }
    const migrate = compose.services.migrate;
    expect(JSON.stringify(migrate.command)).toContain("node dist/server/migrate.js");
    expect(migrate.depends_on).toMatchObject({ postgres: { condition: "service_healthy" } });
  });

  it("keeps the data in named volumes", () => {
    for (const service of ["postgres", "minio"]) {
      const named = (compose.services[service].volumes ?? []).map((v) => v.split(":")[0]);
      expect(
        named.some((volume) => volume in compose.volumes),
        service,
      ).toBe(true);
    }
  });
});

describe("docs/deploy.md", () => {
  it("explains every variable the server reads", () => {
    const docs = read("docs/deploy.md");
    expect(ENV_VARIABLES.filter((variable) => !docs.includes(`\`${variable}\``))).toEqual([]);
  });
});

describe("the reverse proxy and the image", () => {
  it("sends requests to every app instance and takes unready ones out", () => {
    const caddyfile = read("deploy/Caddyfile");
    const upstreams = caddyfile
      .match(/reverse_proxy ([^{]+)\{/)?.[1]
      .trim()
      .split(/\s+/);
    expect(upstreams).toEqual(instances.map(([name]) => `${name}:3000`));
    expect(caddyfile).toContain("health_uri /api/ready");
  });

  it("builds on the project's Node.js and checks the liveness route as a user without privileges", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toContain(`ARG NODE_VERSION=${read(".node-version").trim()}`);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\.php/m);
    expect(dockerfile).toMatch(/^CMD \["node", .*"dist\/server\/main\.js"\]$/m);
  });
});
