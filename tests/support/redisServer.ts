import { type ChildProcess, spawn } from "node:child_process";
import { Socket } from "node:net";
import { freePort } from "./freePort";

/**
 * A Redis server of a test's own (never the machine's shared one on 6379), with nothing kept on
 * disk, that the test can stop and start again on the same port.
 */
export class RedisServer {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.process && this.process.exitCode === null) return;
    const child = spawn("/usr/bin/redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    this.process = child;
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (await answersPing(this.port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill("SIGKILL");
    throw new Error("redis-server did not start");
  }

  /** Kills the server at once (SIGKILL: no goodbye to clients, like a crash). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    this.process = null;
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(200, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}
