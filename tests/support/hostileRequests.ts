import { randomUUID } from "node:crypto";
import type { RouteOptions } from "fastify";
import { z } from "zod";
import { PHOTO_MAX_BYTES } from "../../src/common/constants";

// Hostile requests generated from the route table: for every route and every field of its
// querystring, path parameters and body (as the route's zod schema describes them), requests that
// carry a hostile value in that one field and a plausible value in the others, plus hostile bodies,
// content types, multipart uploads and headers. Nothing here names a route: a new route is walked as
// soon as it is registered.

/** A route as the generator sees it: its method, path and the zod schemas of its input. */
export interface RouteUnderTest {
  method: string;
  url: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** Takes a multipart/form-data upload (the schema's `consumes`). */
  multipart: boolean;
  /** Chosen among routes of the same method and path by a constraint (push=1): its query selects it. */
  constrained: boolean;
}

export interface HostileCase {
  /** "POST /api/chat.php" */
  route: string;
  /** What is hostile: "body.text: NUL byte". */
  label: string;
  method: string;
  /** Path with its query string, already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** What the answer must be (see Expected). */
  expected: Expected;
}

/**
 * What an answer must be: exactly this status (400 where the route's own schema refuses the input
 * or it holds text no field may hold, 413 for a body over a limit), some client error (where the
 * route's own checks may come first, such as "log in" for an upload), or anything but a 5xx.
 */
export type Expected = number | "4xx" | "no 5xx";

const refusal = (refused: boolean, status: number | "4xx" = 400): Expected => (refused ? status : "no 5xx");

/** Values the plausible samples are built from. */
export interface SampleContext {
  /** Another member's id: id fields name someone who exists. */
  memberId: number;
  /** The caller's language, chosen first where a field takes a language (so that the walk does not switch it). */
  language: string;
}

/** The plausible e-mail address; each request gets its own (a signup is not refused as taken). */
const SAMPLE_EMAIL = "fuzz@example.com";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
};

const asZod = (value: unknown): z.ZodType | undefined => (value instanceof z.ZodType ? value : undefined);

/**
 * The routes to walk: every method of every registered route except HEAD (the GET handler answers
 * it). Routes with the same handler and the same schema are one piece of code under many paths
 * (each file of the built client is a route of @fastify/static's): the first of them stands for all.
 */
export function routesUnderTest(routes: readonly RouteOptions[]): RouteUnderTest[] {
  const out: RouteUnderTest[] = [];
  const walked = new Set<string>();
  const identities = new Map<unknown, number>();
  const identity = (value: unknown) => {
    if (!identities.has(value)) identities.set(value, identities.size);
    return identities.get(value);
  };
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
    for (const method of methods) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      const code = `${method} ${identity(route.handler)} ${identity(route.schema)}`;
      if (walked.has(code)) continue;
      walked.add(code);
      out.push({
        method,
        url: route.url,
        query: asZod(schema.querystring),
        params: asZod(schema.params),
        body: asZod(schema.body),
        multipart: consumes.includes("multipart/form-data"),
        constrained: Object.keys(route.constraints ?? {}).length > 0,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Plausible samples: for each field, the first candidate its own zod schema accepts.

/** The zod schema of `key` inside `schema` (through optional, nullable, default and pipes), if any. */
function zodField(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  let current = schema;
  for (let i = 0; current && i < 10; i++) {
    if (current instanceof z.ZodObject) return typeof key === "string" ? (current.shape as Record<string, z.ZodType>)[key] : undefined;
    if (current instanceof z.ZodArray) return typeof key === "number" ? (current.element as z.ZodType) : undefined;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return undefined;
  }
  return undefined;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** Strings a field may want: a name, an address, a date, a link, and strings shaped after its pattern. */
function stringCandidates(schema: JsonSchema): string[] {
  const out = ["Fuzz Tester", SAMPLE_EMAIL, "1990-01-15", randomUUID(), "https://push.example.com/fuzz-endpoint"];
  if (schema.pattern) {
    const prefix = /^\^([A-Za-z0-9_]*)/.exec(schema.pattern)?.[1] ?? "";
    for (const start of ["", prefix])
      for (const char of "aB0") for (let length = Math.max(1, schema.minLength ?? 1); length <= 120; length++) out.push(start + char.repeat(length));
  }
  return out;
}

function candidates(schema: JsonSchema, context: SampleContext, zodSchema: z.ZodType | undefined): Json[] {
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum) return schema.enum.includes(context.language) ? [context.language, ...schema.enum] : schema.enum;
  if (schema.anyOf) return schema.anyOf.flatMap((branch) => candidates(branch, context, zodSchema));
  const out: Json[] = [];
  for (const type of typesOf(schema)) {
    if (type === "integer" || type === "number") {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      out.push(context.memberId, low, 1, 0);
    } else if (type === "boolean") out.push(true, false);
    else if (type === "string") out.push(...stringCandidates(schema));
    else if (type === "object") out.push(sampleObject(schema, context, zodSchema));
    else if (type === "array") out.push([], schema.items ? [sampleValue(schema.items, context, zodField(zodSchema, 0))] : []);
    else if (type === "null") out.push(null);
  }
  if (!typesOf(schema).length) out.push({});
  return out;
}

/** The first candidate the field's own schema accepts (else the first candidate). */
function sampleValue(schema: JsonSchema, context: SampleContext, zodSchema: z.ZodType | undefined, asText = false): Json {
  const list = candidates(schema, context, zodSchema);
  const form = (value: Json) => (asText && typeof value !== "string" ? String(value) : value);
  const accepted = zodSchema ? list.find((value) => zodSchema.safeParse(form(value)).success) : undefined;
  return form(accepted ?? list[0] ?? "x");
}

/**
 * An object its schema accepts: the required fields, or with one optional field more (for rules
 * such as "a recipient or a conversation"), or with all of them.
 */
function sampleObject(schema: JsonSchema, context: SampleContext, zodSchema: z.ZodType | undefined, asText = false): { [key: string]: Json } {
  const properties = schema.properties ?? {};
  const values = Object.fromEntries(Object.entries(properties).map(([key, field]) => [key, sampleValue(field, context, zodField(zodSchema, key), asText)]));
  const required = schema.required ?? [];
  const optional = Object.keys(properties).filter((key) => !required.includes(key));
  const pick = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, values[key]]));
  const attempts = [pick(required), ...optional.map((key) => pick([...required, key])), pick(Object.keys(properties))];
  return attempts.find((attempt) => zodSchema?.safeParse(attempt).success) ?? attempts[0];
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const LONG_TEXT = "x".repeat(30_000);

type FieldKind = "text" | "number" | "choice";

/**
 * Values for one field of a JSON body, by the kind of field they are aimed at: text fields get
 * hostile text and wrong types, number fields out-of-range numbers and wrong types, choices
 * (enums, booleans, objects) the values most likely to slip through. `unstorable` is text no field may hold.
 */
const BODY_VALUES: Array<{ label: string; value: Json; kinds: FieldKind[]; unstorable?: boolean }> = [
  { label: "NUL byte", value: "Anna\u0000", kinds: ["text", "number", "choice"], unstorable: true },
  { label: "only a NUL byte", value: "\u0000", kinds: ["text"], unstorable: true },
  { label: "lone high surrogate", value: "\ud800", kinds: ["text", "choice"], unstorable: true },
  { label: "lone low surrogate", value: "a\udc00b", kinds: ["text"], unstorable: true },
  { label: "CR/LF header injection", value: "Anna\r\nBcc: victim@example.com", kinds: ["text"] },
  { label: "tab and bell", value: "An\tna\u0007", kinds: ["text"] },
  { label: "right-to-left override", value: "\u202eanna", kinds: ["text"] },
  { label: "30,000 characters", value: LONG_TEXT, kinds: ["text", "choice"] },
  { label: "empty string", value: "", kinds: ["text", "number", "choice"] },
  { label: "int4 overflow", value: 2_147_483_648, kinds: ["text", "number", "choice"] },
  { label: "int4 underflow", value: -2_147_483_649, kinds: ["number"] },
  { label: "1e308", value: 1e308, kinds: ["number"] },
  { label: "beyond safe integers", value: Number.MAX_SAFE_INTEGER + 2, kinds: ["number"] },
  { label: "minus one", value: -1, kinds: ["number"] },
  { label: "zero", value: 0, kinds: ["number"] },
  { label: "fraction", value: 1.5, kinds: ["number"] },
  { label: "NaN as text", value: "NaN", kinds: ["number"] },
  { label: "int4 overflow as text", value: "2147483648", kinds: ["number"] },
  { label: "an object", value: { a: 1 }, kinds: ["text", "number", "choice"] },
  { label: "an array", value: ["a"], kinds: ["text", "number", "choice"] },
  { label: "null", value: null, kinds: ["text", "number", "choice"] },
  { label: "true", value: true, kinds: ["text", "number"] },
];

function kindOf(schema: JsonSchema | undefined): FieldKind {
  if (!schema || schema.enum || schema.const !== undefined) return "choice";
  const types = schema.anyOf ? schema.anyOf.flatMap(typesOf) : typesOf(schema);
  if (types.includes("string")) return "text";
  if (types.includes("integer") || types.includes("number")) return "number";
  return "choice";
}

const schemaAt = (schema: JsonSchema, path: Array<string | number>): JsonSchema | undefined => {
  let node: JsonSchema | undefined = schema;
  for (const key of path) {
    const branch: JsonSchema | undefined = node?.anyOf?.find((b) => b.properties || b.items) ?? node;
    node = typeof key === "number" ? branch?.items : branch?.properties?.[key];
  }
  return node;
};

/** Values for one query or path field, already encoded; `decoded` when a JavaScript string says exactly what arrives. */
const URL_VALUES: Array<{ label: string; raw: string; decoded?: string; unstorable?: boolean }> = [
  { label: "NUL byte", raw: "Anna%00", decoded: "Anna\u0000", unstorable: true },
  { label: "only a NUL byte", raw: "%00", decoded: "\u0000", unstorable: true },
  { label: "surrogate as UTF-8 bytes", raw: "%ED%A0%80" },
  { label: "overlong NUL", raw: "%C0%80" },
  { label: "broken escape", raw: "%E0%A4%A" },
  { label: "lone percent sign", raw: "%" },
  { label: "CR/LF", raw: "Anna%0D%0ASet-Cookie:%20x=1", decoded: "Anna\r\nSet-Cookie: x=1" },
  { label: "right-to-left override", raw: "%E2%80%AEanna", decoded: "\u202eanna" },
  { label: "4,000 characters", raw: "x".repeat(4000), decoded: "x".repeat(4000) },
  { label: "empty", raw: "", decoded: "" },
  { label: "int4 overflow", raw: "2147483648", decoded: "2147483648" },
  { label: "ten-digit overflow", raw: "9999999999", decoded: "9999999999" },
  { label: "int4 underflow", raw: "-2147483649", decoded: "-2147483649" },
  { label: "1e308", raw: "1e308", decoded: "1e308" },
  { label: "minus one", raw: "-1", decoded: "-1" },
  { label: "fraction", raw: "1.5", decoded: "1.5" },
  { label: "NaN", raw: "NaN", decoded: "NaN" },
  { label: "Infinity", raw: "Infinity", decoded: "Infinity" },
  { label: "hexadecimal", raw: "0x10", decoded: "0x10" },
];

/**
 * The few values an unknown field gets (the schema refuses it whatever it holds), and all fields
 * get in a quick walk: the values that found 500s, and a wrong type.
 */
const CORE_VALUES = new Set([
  "NUL byte",
  "surrogate as UTF-8 bytes",
  "lone high surrogate",
  "int4 overflow",
  "4,000 characters",
  "30,000 characters",
  "an object",
]);

/** Odd values for a path parameter (beyond the URL values above). */
const PATH_VALUES: Array<{ label: string; raw: string; decoded?: string; unstorable?: boolean }> = [
  { label: "path traversal", raw: "..%2F..%2F..%2Fetc%2Fpasswd", decoded: "../../../etc/passwd" },
  { label: "dot dot", raw: "%2e%2e", decoded: ".." },
  { label: "300 characters", raw: "a".repeat(300), decoded: "a".repeat(300) },
  { label: "NUL before the extension", raw: "photo.jpg%00.png", decoded: "photo.jpg\u0000.png", unstorable: true },
];

const JSON_TYPE = { "content-type": "application/json" };

// ---------------------------------------------------------------------------------------------
// Cases.

const clone = <T>(value: T): T => structuredClone(value);

/** Leaf paths of a sample object: its fields, and the fields of objects and arrays inside it. */
function fieldPaths(schema: JsonSchema, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  const objectBranch = schema.properties ? schema : schema.anyOf?.find((branch) => branch.properties);
  for (const [key, field] of Object.entries(objectBranch?.properties ?? {})) {
    const path = [...prefix, key];
    out.push(path);
    const inner = field.anyOf?.find((branch) => branch.properties || branch.items) ?? field;
    if (inner.properties) out.push(...fieldPaths(inner, path));
    if (inner.items?.properties) out.push(...fieldPaths(inner.items, [...path, 0]));
  }
  return out;
}

function setAt(target: { [key: string]: Json }, path: Array<string | number>, value: Json, sample: (path: Array<string | number>) => Json): void {
  let node: Json = target;
  for (let i = 0; i < path.length - 1; i++) {
    const container = node as Record<string | number, Json>;
    if (container[path[i]] === undefined || container[path[i]] === null || typeof container[path[i]] !== "object") {
      container[path[i]] = clone(sample(path.slice(0, i + 1)));
    }
    node = container[path[i]];
  }
  (node as Record<string | number, Json>)[path[path.length - 1]] = value;
}

function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([key, value]) => `${encodeURIComponent(key)}=${value}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function multipartBody(
  boundary: string,
  parts: Array<{ name: string; filename?: string; type?: string; content: Uint8Array | string }>,
  close = true,
): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/** A route with plausible values for all its input: each case changes one thing. */
interface RouteSamples {
  route: RouteUnderTest;
  thorough: boolean;
  query?: JsonSchema;
  params?: JsonSchema;
  body?: JsonSchema;
  baseQuery: Record<string, string>;
  baseParams: Record<string, string>;
  baseBody: Json | undefined;
  /** The plausible request, with the query and parameters given (encoded). */
  request(params?: Record<string, string>, query?: Record<string, string>): Omit<HostileCase, "label" | "expected">;
}

const refusedBy = (schema: z.ZodType | undefined, value: unknown) => (schema ? !schema.safeParse(value).success : false);
const encodeAll = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)]));

function samplesOf(route: RouteUnderTest, context: SampleContext, thorough: boolean): RouteSamples {
  const query = route.query ? toJsonSchema(route.query) : undefined;
  const params = route.params ? toJsonSchema(route.params) : undefined;
  const body = route.body ? toJsonSchema(route.body) : undefined;
  const baseQuery = query ? (sampleObject(query, context, route.query, true) as Record<string, string>) : {};
  const baseParams = params ? (sampleObject(params, context, route.params, true) as Record<string, string>) : {};
  const baseBody = body ? (body.properties ? sampleObject(body, context, route.body) : sampleValue(body, context, route.body)) : undefined;
  return {
    route,
    thorough,
    query,
    params,
    body,
    baseQuery,
    baseParams,
    baseBody,
    request: (withParams = encodeAll(baseParams), withQuery = encodeAll(baseQuery)) => ({
      route: `${route.method} ${route.url}`,
      method: route.method,
      path: route.url.replace(/:(\w+)|\*/g, (_all, key: string | undefined) => withParams[key ?? "*"] ?? "x") + queryString(withQuery),
      headers: baseBody === undefined ? {} : { ...JSON_TYPE },
      body: baseBody === undefined ? undefined : JSON.stringify(baseBody),
    }),
  };
}

/**
 * The query: each field (and one unknown field) with each value; a field given twice; no query at
 * all. Where a constraint on the query chooses the route, another query reaches another route (or
 * none), which refuses it its own way.
 */
function queryCases(s: RouteSamples): HostileCase[] {
  const cases: HostileCase[] = [];
  const refused = s.route.constrained ? "4xx" : 400;
  const encoded = encodeAll(s.baseQuery);
  for (const field of [...Object.keys(s.query?.properties ?? {}), "fuzz"]) {
    for (const value of URL_VALUES) {
      if ((field === "fuzz" || !s.thorough) && !CORE_VALUES.has(value.label)) continue;
      const decoded = value.decoded === undefined ? undefined : { ...s.baseQuery, [field]: value.decoded };
      cases.push({
        ...s.request(undefined, { ...encoded, [field]: value.raw }),
        label: `query.${field}: ${value.label}`,
        expected: refusal(Boolean(value.unstorable) || (decoded !== undefined && refusedBy(s.route.query, decoded)), refused),
      });
    }
    const plain = s.request(undefined, {});
    const twice = `${queryString(encoded)}${Object.keys(encoded).length ? "&" : "?"}${field}=a&${field}=b`;
    cases.push({ ...plain, label: `query.${field}: given twice`, path: plain.path + twice, expected: "no 5xx" });
  }
  if (s.query) cases.push({ ...s.request(undefined, {}), label: "no query at all", expected: refusal(refusedBy(s.route.query, {}), refused) });
  return cases;
}

/** Each path parameter with each value, odd paths included. */
function paramsCases(s: RouteSamples): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const field of Object.keys(s.params?.properties ?? {})) {
    for (const value of [...URL_VALUES, ...PATH_VALUES]) {
      if (!s.thorough && !CORE_VALUES.has(value.label)) continue;
      const decoded = value.decoded === undefined ? undefined : { ...s.baseParams, [field]: value.decoded };
      cases.push({
        ...s.request({ ...encodeAll(s.baseParams), [field]: value.raw }),
        label: `params.${field}: ${value.label}`,
        // "%2e%2e" is resolved before it is sent: the request goes to another route, which refuses it its own way.
        expected: refusal(Boolean(value.unstorable) || (decoded !== undefined && refusedBy(s.route.params, decoded)), value.label === "dot dot" ? "4xx" : 400),
      });
    }
  }
  return cases;
}

/** Each field of the JSON body (at any depth), and one unknown field, with the values for its kind. */
function bodyFieldCases(s: RouteSamples): HostileCase[] {
  const cases: HostileCase[] = [];
  const { body: schema, baseBody } = s;
  if (!schema) return cases;
  const values = BODY_VALUES.filter(({ label }) => s.thorough || CORE_VALUES.has(label));
  if (!baseBody || typeof baseBody !== "object" || Array.isArray(baseBody)) {
    // A body that is not an object (a provider's webhook takes text): each value as the whole body.
    for (const { label, value, unstorable } of values) {
      cases.push({
        ...s.request(),
        label: `body: ${label}`,
        body: JSON.stringify(value),
        expected: refusal(Boolean(unstorable) || refusedBy(s.route.body, value)),
      });
    }
    return cases;
  }
  const sampleAt = (path: Array<string | number>): Json => {
    let node: Json = baseBody;
    for (const key of path) node = (node as Record<string | number, Json> | null)?.[key] ?? {};
    return node;
  };
  for (const path of [...fieldPaths(schema), ["fuzz"]]) {
    const unknown = path[0] === "fuzz";
    const kind = kindOf(schemaAt(schema, path));
    for (const { label, value, kinds, unstorable } of values) {
      if (unknown ? !CORE_VALUES.has(label) : !kinds.includes(kind)) continue;
      const body = clone(baseBody);
      setAt(body, path, value, sampleAt);
      cases.push({
        ...s.request(),
        label: `body.${path.join(".")}: ${label}`,
        body: JSON.stringify(body),
        expected: refusal(Boolean(unstorable) || refusedBy(s.route.body, body)),
      });
    }
  }
  return cases;
}

let photoSizes: { justOver: Buffer; farOver: Buffer } | null = null;

/** Whole bodies, content types and multipart uploads, for a route that takes a body. */
function wholeBodyCases(s: RouteSamples): HostileCase[] {
  const cases: HostileCase[] = [];
  const { route } = s;
  if (route.method === "GET" || (route.method === "DELETE" && !route.body)) return cases;
  const whole = (label: string, body: string | Uint8Array<ArrayBuffer> | undefined, headers: Record<string, string>, expected: Expected) =>
    cases.push({ ...s.request(), label, body, headers, expected });
  // What the body parser lets through an upload route refuses in its handler, after its own checks.
  const refuses = (body: unknown): Expected => (route.multipart ? "4xx" : refusal(refusedBy(route.body, body)));
  whole("malformed JSON", '{"email": ', JSON_TYPE, 400);
  whole("JSON nested 20,000 deep", `${"[".repeat(20_000)}${"]".repeat(20_000)}`, JSON_TYPE, refuses([[]]));
  whole("empty JSON body", "", JSON_TYPE, 400);
  whole("no body at all", undefined, {}, refuses(undefined));
  whole("JSON null", "null", JSON_TYPE, refuses(null));
  whole("a JSON array", "[1,2,3]", JSON_TYPE, refuses([1, 2, 3]));
  whole("a JSON string", '"text"', JSON_TYPE, refuses("text"));
  whole("a JSON number", "2147483648", JSON_TYPE, refuses(2147483648));
  whole("prototype pollution", '{"__proto__":{"admin":true}}', JSON_TYPE, 400);
  whole("constructor pollution", '{"constructor":{"prototype":{"admin":true}}}', JSON_TYPE, 400);
  whole("a JSON body over the body limit", JSON.stringify({ text: "x".repeat(70_000) }), JSON_TYPE, 413);
  // 413 where the route reads forms (a provider's webhook), else 400: no form is taken there.
  whole("a form body over the body limit", `text=${"x".repeat(70_000)}`, { "content-type": "application/x-www-form-urlencoded" }, "4xx");
  whole("plain text", "email=a", { "content-type": "text/plain" }, refuses("email=a"));
  whole("XML", "<a>1</a>", { "content-type": "application/xml" }, 400);
  whole("a form", "email=a%00&x=%ED%A0%80", { "content-type": "application/x-www-form-urlencoded" }, "no 5xx");
  whole("JSON in UTF-16", JSON.stringify(s.baseBody ?? {}), { "content-type": "application/json; charset=utf-16" }, "no 5xx");

  const noUpload = refuses(undefined);
  whole("multipart without a boundary", "--x\r\n\r\n", { "content-type": "multipart/form-data" }, noUpload);
  whole("multipart with an empty boundary", "--\r\n\r\n", { "content-type": "multipart/form-data; boundary=" }, noUpload);
  const broken = '--other\r\nContent-Disposition: form-data; name="photo"\r\n\r\nabc';
  whole("multipart with a broken boundary", broken, { "content-type": "multipart/form-data; boundary=fuzz" }, noUpload);
  const boundary = "fuzzboundary";
  const type = { "content-type": `multipart/form-data; boundary=${boundary}` };
  const photo = (content: Uint8Array | string, extra: Partial<{ name: string; filename: string }> = {}) => ({
    name: "photo",
    filename: "photo.jpg",
    type: "image/jpeg",
    content,
    ...extra,
  });
  const fields = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, content: "x" }));
  whole("multipart cut off", multipartBody(boundary, [photo(JPEG_HEAD)], false), type, noUpload);
  whole("multipart with a text field instead of a file", multipartBody(boundary, [{ name: "photo", content: "not a file" }]), type, noUpload);
  whole("multipart with a file that is not an image", multipartBody(boundary, [photo("just text")]), type, noUpload);
  whole("multipart with a truncated JPEG", multipartBody(boundary, [photo(JPEG_HEAD)]), type, noUpload);
  whole("multipart with a NUL in the file name", multipartBody(boundary, [photo(JPEG_HEAD, { filename: "a\u0000.jpg" })]), type, noUpload);
  whole("multipart with two files", multipartBody(boundary, [photo(JPEG_HEAD), photo(JPEG_HEAD, { name: "photo2" })]), type, noUpload);
  whole("multipart with many fields", multipartBody(boundary, fields), type, noUpload);
  if (route.multipart) {
    // Just over the limit, the reader stops at the limit (after the route's own checks, so a
    // visitor may be told to log in first); far over it, the declared length alone is refused.
    photoSizes ??= {
      justOver: Buffer.concat([JPEG_HEAD, Buffer.alloc(PHOTO_MAX_BYTES, 0x41)]),
      farOver: Buffer.concat([JPEG_HEAD, Buffer.alloc(PHOTO_MAX_BYTES + 1024 * 1024, 0x41)]),
    };
    whole("multipart just over the photo limit", multipartBody(boundary, [photo(photoSizes.justOver)]), type, "4xx");
    whole("multipart far over the photo limit", multipartBody(boundary, [photo(photoSizes.farOver)]), type, 413);
  }
  return cases;
}

/** Headers: a long or odd Idempotency-Key, a garbage language header. */
function headerCases(s: RouteSamples): HostileCase[] {
  const base = s.request();
  return [
    { ...base, label: "a 1,000-character Idempotency-Key", headers: { ...base.headers, "idempotency-key": "k".repeat(1000) }, expected: "no 5xx" },
    { ...base, label: "a Latin-1 Idempotency-Key", headers: { ...base.headers, "idempotency-key": "é".repeat(20) }, expected: "no 5xx" },
    { ...base, label: "a garbage Accept-Language", headers: { ...base.headers, "accept-language": "*;q=NaN,,de-DE;q=2,;" }, expected: "no 5xx" },
  ];
}

/**
 * Every hostile request for one route. A quick walk (`thorough: false`) gives each field only the
 * core values: for callers who stop at the first checks (a visitor on a member's route), the full
 * set would repeat what the thorough walk of a member with credits already shows.
 */
export function hostileCases(route: RouteUnderTest, context: SampleContext, thorough = true): HostileCase[] {
  const s = samplesOf(route, context, thorough);
  const cases = [...queryCases(s), ...paramsCases(s), ...bodyFieldCases(s), ...wholeBodyCases(s), ...headerCases(s)];
  // Each request its own e-mail address, so that a signup is not refused as taken.
  return cases.map((c) => {
    const email = `fuzz-${randomUUID().slice(0, 8)}@example.com`;
    const body = typeof c.body === "string" ? c.body.replaceAll(SAMPLE_EMAIL, email) : c.body;
    return { ...c, path: c.path.replace(encodeURIComponent(SAMPLE_EMAIL), email), body };
  });
}
