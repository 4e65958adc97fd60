/** A same-site path to go to after login; anything else (another host, a script URL) becomes "/". */
export function safeNext(value: string | null): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value;
}
