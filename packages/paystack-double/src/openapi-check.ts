import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/** A request (or one of the double's own answers) that Paystack's OpenAPI document does not describe. */
export interface Violation {
  method: string;
  path: string;
  problem: string;
}

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}

export interface MatchedOperation {
  /** The documented path, e.g. /transaction/verify/{reference}. */
  template: string;
  method: string;
  operationId: string;
  pathParams: Record<string, string>;
}

export type OperationMatch =
  | { kind: 'documented'; operation: MatchedOperation }
  | { kind: 'unknown-path' }
  | { kind: 'unknown-method'; documentedMethods: string[] };

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Rules the document states in words rather than in schema keywords (its descriptions), checked
 * like the schema: Paystack rejects references with other characters.
 */
const WORDED_RULES: Record<string, { field: string; pattern: RegExp; rule: string }[]> = {
  transaction_initialize: [{ field: 'reference', pattern: /^[A-Za-z0-9.=-]+$/, rule: 'only -, ., = and alphanumeric characters are allowed' }],
  charge_create: [{ field: 'reference', pattern: /^[A-Za-z0-9.=-]+$/, rule: 'only -, ., = and alphanumeric characters are allowed' }],
  transfer_initiate: [{ field: 'reference', pattern: /^[a-z0-9_-]+$/, rule: 'a lowercase alphanumeric string with only - and _ symbols allowed' }],
};

// ajv-formats is a CommonJS module whose default export is the plugin function.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/** <repo root>/../shared/vendor/paystack-openapi/paystack.yaml, the root found from this file's place (packages/paystack-double/src). */
export function defaultOpenApiPath(): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  return resolve(repoRoot, '../shared/vendor/paystack-openapi/paystack.yaml');
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeAjvError(where: string, error: ErrorObject): string {
  const path = where + error.instancePath.replaceAll('/', '.');
  if (error.keyword === 'required') return `${path} must have the field '${String(error.params.missingProperty)}'`;
  if (error.keyword === 'enum') return `${path} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${path} ${error.message ?? 'is invalid'}`;
}

/** Paystack's OpenAPI document, read once, with the checks the double applies to every request. */
export class OpenApiDocument {
  private readonly document: Schema;
  private readonly paths: { template: string; pattern: RegExp; literalSegments: number; item: Record<string, unknown> }[];
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly resolved = new Map<string, Schema>();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Schema) {
    this.document = document;
    addFormats(this.ajv);
    const paths = isObject(document.paths) ? document.paths : {};
    this.paths = Object.entries(paths).map(([template, item]) => {
      const segments = template.split('/').filter(Boolean);
      const pattern = new RegExp(`^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '([^/]+)' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`);
      return { template, pattern, literalSegments: segments.filter((s) => !s.startsWith('{')).length, item: item as Record<string, unknown> };
    });
  }

  /** The documented operation for a method and a concrete path; the most literal template wins (/transaction/totals over /transaction/{id}). */
  match(method: string, path: string): OperationMatch {
    const lower = method.toLowerCase();
    const candidates = this.paths
      .filter((p) => p.pattern.test(path) && this.pathValuesFit(p.template, p.item, p.pattern.exec(path)!.slice(1)))
      .sort((a, b) => b.literalSegments - a.literalSegments);
    if (candidates.length === 0) return { kind: 'unknown-path' };
    const found = candidates.find((p) => isObject(p.item[lower]));
    if (!found) {
      return { kind: 'unknown-method', documentedMethods: HTTP_METHODS.filter((m) => isObject(candidates[0]!.item[m])).map((m) => m.toUpperCase()) };
    }
    const operation = found.item[lower] as Operation;
    const names = [...found.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const values = found.pattern.exec(path)!.slice(1);
    const pathParams = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i]!)]));
    return { kind: 'documented', operation: { template: found.template, method: method.toUpperCase(), operationId: operation.operationId ?? `${lower} ${found.template}`, pathParams } };
  }

  /** Whether the values in a concrete path fit the types its template documents (/transaction/{id} takes an integer, so /transaction/start is no such path). */
  private pathValuesFit(template: string, item: Record<string, unknown>, values: string[]): boolean {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const declared = [item.parameters, ...HTTP_METHODS.map((m) => (isObject(item[m]) ? (item[m] as Operation).parameters : undefined))].flatMap(
      (list) => (Array.isArray(list) ? (list as Parameter[]) : []),
    );
    return names.every((name, i) => {
      const schema = declared.find((p) => p.in === 'path' && p.name === name)?.schema;
      return !schema || this.validator(`path ${template} ${name}`, schema)(coerceQueryValue(decodeURIComponent(values[i]!), schema));
    });
  }

  /** Everything wrong with a request to a documented operation, in words; empty when it is as documented. */
  checkRequest(op: MatchedOperation, query: URLSearchParams, body: { present: false } | { present: true; json: boolean; value: unknown }): string[] {
    const operation = this.operation(op);
    const problems: string[] = [];
    const parameters = [...this.pathItemParameters(op), ...(operation.parameters ?? [])].filter((p) => p.in === 'query');
    for (const name of new Set(query.keys())) {
      const parameter = parameters.find((p) => p.name === name);
      if (!parameter) {
        problems.push(`query parameter '${name}' is not documented for ${op.method} ${op.template}`);
        continue;
      }
      const validate = this.validator(`query ${op.method} ${op.template} ${name}`, parameter.schema ?? {});
      for (const raw of query.getAll(name)) {
        if (!validate(coerceQueryValue(raw, parameter.schema ?? {}))) problems.push(...(validate.errors ?? []).map((e) => describeAjvError(`query parameter '${name}'`, e)));
      }
    }
    for (const parameter of parameters) {
      if (parameter.required && !query.has(parameter.name)) problems.push(`query parameter '${parameter.name}' is required`);
    }

    const content = operation.requestBody?.content;
    if (!body.present) {
      if (operation.requestBody?.required) problems.push('a JSON body is required');
      return problems;
    }
    if (!content) return [...problems, `${op.method} ${op.template} documents no request body`];
    if (!body.json) return [...problems, 'the body is not JSON (the double reads application/json bodies)'];
    const schemaSource = content['application/json']?.schema;
    if (!schemaSource) return [...problems, `${op.method} ${op.template} documents no JSON body`];
    const schema = this.resolve(schemaSource);
    const validate = this.validator(`body ${op.method} ${op.template}`, schema);
    if (!validate(body.value)) problems.push(...(validate.errors ?? []).map((e) => describeAjvError('body', e)));
    problems.push(...undocumentedFields(schema, body.value, 'body'));
    for (const rule of WORDED_RULES[op.operationId] ?? []) {
      const value = isObject(body.value) ? body.value[rule.field] : undefined;
      if (typeof value === 'string' && !rule.pattern.test(value)) problems.push(`body.${rule.field} '${value}' breaks the documented rule: ${rule.rule}`);
    }
    return problems;
  }

  /** What is off-document in an answer the double gives, against the schema documented for that status code (when there is one). */
  checkResponse(op: MatchedOperation, status: number, body: unknown): string[] {
    let response = this.operation(op).responses?.[String(status)];
    if (isObject(response) && typeof response.$ref === 'string') response = this.pointer(response.$ref);
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    const schemaSource = content && isObject(content['application/json']) ? content['application/json'].schema : undefined;
    if (!isObject(schemaSource)) return [];
    const validate = this.validator(`response ${status} ${op.method} ${op.template}`, this.resolve(schemaSource));
    return validate(body) ? [] : (validate.errors ?? []).map((e) => describeAjvError('answer', e));
  }

  private operation(op: MatchedOperation): Operation {
    return (this.document.paths as Record<string, Record<string, Operation>>)[op.template]![op.method.toLowerCase()]!;
  }

  private pathItemParameters(op: MatchedOperation): Parameter[] {
    const item = (this.document.paths as Record<string, { parameters?: Parameter[] }>)[op.template]!;
    return item.parameters ?? [];
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.resolve(schema));
      this.validators.set(key, validate);
    }
    return validate;
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined), this.document);
  }

  /** A plain JSON Schema for ajv: $refs inlined, allOf merged into one object, OpenAPI 3.0 `nullable` turned into a null type. */
  private resolve(schema: unknown, seen: string[] = []): Schema {
    if (Array.isArray(schema)) return schema.map((s) => this.resolve(s, seen)) as unknown as Schema;
    if (!isObject(schema)) return schema as Schema;
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (seen.includes(ref)) return {};
      const cached = this.resolved.get(ref);
      if (cached) return cached;
      const result = this.resolve(this.pointer(ref), [...seen, ref]);
      this.resolved.set(ref, result);
      return result;
    }
    let result: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples') continue;
      if (key === 'properties' && isObject(value)) result.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v, seen)]));
      else result[key] = typeof value === 'object' && value !== null ? this.resolve(value, seen) : value;
    }
    if (Array.isArray(result.allOf)) result = mergeAllOf(result);
    if (result.nullable === true) {
      if (typeof result.type === 'string') result.type = [result.type, 'null'];
      if (Array.isArray(result.enum)) result.enum = [...result.enum, null];
    }
    delete result.nullable;
    return result;
  }
}

/** allOf's branches folded into one schema: properties and required lists joined; clashing keywords kept as a smaller allOf. */
function mergeAllOf(schema: Schema): Schema {
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  const leftovers: Schema[] = [];
  for (const branch of [rest, ...(allOf as Schema[])]) {
    const branchRest: Schema = {};
    for (const [key, value] of Object.entries(branch)) {
      if (key === 'properties' && isObject(value)) {
        const properties = (merged.properties ?? {}) as Schema;
        for (const [name, propertySchema] of Object.entries(value)) {
          properties[name] = name in properties && properties[name] !== propertySchema ? { allOf: [properties[name], propertySchema] } : propertySchema;
        }
        merged.properties = properties;
      } else if (key === 'required' && Array.isArray(value)) {
        merged.required = [...new Set([...((merged.required as string[]) ?? []), ...(value as string[])])];
      } else if (!(key in merged)) {
        merged[key] = value;
      } else if (JSON.stringify(merged[key]) !== JSON.stringify(value)) {
        branchRest[key] = value;
      }
    }
    if (Object.keys(branchRest).length > 0 && branch !== rest) leftovers.push(branchRest);
  }
  if (leftovers.length > 0) merged.allOf = leftovers;
  return merged;
}

/** Fields present in a value where its schema lists the fields it documents (additionalProperties notwithstanding). */
function undocumentedFields(schema: Schema, value: unknown, where: string): string[] {
  if (Array.isArray(value) && isObject(schema.items)) return value.flatMap((item, i) => undocumentedFields(schema.items as Schema, item, `${where}[${i}]`));
  if (!isObject(value) || !isObject(schema.properties)) return [];
  const properties = schema.properties;
  return Object.entries(value).flatMap(([key, fieldValue]) =>
    key in properties ? undocumentedFields(properties[key] as Schema, fieldValue, `${where}.${key}`) : [`${where}.${key} is not a documented field`],
  );
}

/** A query string value as the type its schema documents (query strings carry text only). */
function coerceQueryValue(raw: string, schema: Schema): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

const documents = new Map<string, OpenApiDocument>();

/**
 * The YAML parsed, or its parse from an earlier process: parsing the 500 kB document takes one to
 * two seconds, paid by every test file that starts a double. The cache (in the system's temporary
 * directory, named by the document's SHA-256) always matches the document it was made from.
 */
function parseDocument(text: string): Schema {
  const cacheFile = join(tmpdir(), `paystack-double-openapi-${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as Schema;
  } catch {
    const parsed = parse(text, { uniqueKeys: false }) as Schema;
    try {
      const partial = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify(parsed));
      renameSync(partial, cacheFile);
    } catch {
      // A read-only temporary directory only costs the next process the parse.
    }
    return parsed;
  }
}

/** The document at `file`, read once per process (several doubles in one test run share it). */
export function loadOpenApiDocument(file: string): OpenApiDocument {
  let document = documents.get(file);
  if (!document) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `Paystack double: cannot read Paystack's OpenAPI document at ${file} (set PAYSTACK_OPENAPI or openapiPath): ${(error as Error).message}`,
        { cause: error },
      );
    }
    document = new OpenApiDocument(parseDocument(text));
    documents.set(file, document);
  }
  return document;
}
