import { prepareTemplate } from "./testDatabase";

export default async function setup(): Promise<void> {
  await prepareTemplate();
}
