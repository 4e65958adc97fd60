import type { OperatorRole } from "../../src/common/schemas/console";
import { addOperator } from "../../src/server/features/operators/operatorAccounts";
import type { TestApp, TestClient } from "./testApp";

let counter = 0;
export const OPERATOR_PASSWORD = "a long operator passphrase";

/** A new operator of `role`, signed in to the console on a client of their own (no second factor: embedded default). */
export async function signedInOperator(t: TestApp, role: OperatorRole): Promise<{ client: TestClient; id: number; email: string }> {
  counter += 1;
  const email = `${role}${counter}@staff.example`;
  const { id } = await addOperator(t.testDb.database.db, email, role, OPERATOR_PASSWORD);
  const client = t.client();
  const res = await client.post<{ step: string }>("/api/console/session", { email, password: OPERATOR_PASSWORD });
  if (res.status !== 200 || res.body.step !== "done") throw new Error(`operator sign-in failed: ${res.status} ${res.text}`);
  return { client, id, email };
}
