import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/freePort";
import { waitForSite } from "./siteProcess";
import { newDataDir } from "./siteServer";

// A message that was answered is stored: killing the process right after the answer loses nothing.
// Runs the real start (`src/server/main.ts`) on the embedded default (a copy of the run's first start:
// migrated, with the demo login), kills it with SIGKILL, starts again.

const dataDir = newDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_MEMBERS: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // As runSite: up to 60 s (a loaded machine), and at once when the process ends.
  await waitForSite(child, `http://127.0.0.1:${port}`, 60);
  return child;
}

async function call(port: number, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("auth="));
  return { status: res.status, body: await res.json(), cookie };
}

describe("a killed process", () => {
  it("keeps a message and its charge that were answered just before the kill", async () => {
    const port = await freePort();
    let child = await start(port);
    // Bea signs up and activates through the dev mailbox; the demo member writes to her.
    const bea = await call(port, "/api/signup.php", {
      method: "POST",
      body: { email: "bea@example.com", name: "Bea", password: "bea-secret-1", date_of_birth: "1991-02-03" },
    });
    const mail = (await (await fetch(`http://127.0.0.1:${port}/dev/mail.json?to=bea@example.com`)).json()) as { mails: Array<{ text: string }> };
    for (let i = 0; i < 50 && mail.mails.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      Object.assign(mail, await (await fetch(`http://127.0.0.1:${port}/dev/mail.json?to=bea@example.com`)).json());
    }
    const link = new URL(mail.mails[0].text.match(/https?:\/\/\S+/)?.[0] ?? "");
    await fetch(`http://127.0.0.1:${port}${link.pathname}${link.search}`, { redirect: "manual" });
    const demo = await call(port, "/api/user.php", { method: "POST", body: { email: "demo@example.com", password: "demo12345" } });
    const sent = await call(port, "/api/chat.php", { method: "POST", body: { to: bea.body.user.id, text: "Still here after a crash?" }, cookie: demo.cookie });
    expect(sent.status).toBe(200);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    child = await start(port);
    try {
      const login = await call(port, "/api/user.php", { method: "POST", body: { email: "bea@example.com", password: "bea-secret-1" } });
      const chats = await call(port, "/api/chats.php", { cookie: login.cookie });
      expect(chats.body.chats[0].last_message.body).toBe("Still here after a crash?");
      const demoAgain = await call(port, "/api/user.php", { method: "POST", body: { email: "demo@example.com", password: "demo12345" } });
      expect(demoAgain.body.user.credits).toBe(sent.body.credits);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  });
});
