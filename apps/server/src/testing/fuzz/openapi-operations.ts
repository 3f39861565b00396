import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export interface JsonSchema {
  [key: string]: unknown;
}
interface MediaType {
  schema?: JsonSchema;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface OperationObject {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As Fastify registers it (`/api/orders/:orderId`), the key of the authorization table. */
  route: string;
  operationId: string;
  pathParams: string[];
  query: Parameter[];
  /** The JSON body schema, when the operation reads JSON. */
  jsonBody: JsonSchema | null;
  statuses: Set<number>;
  /** The documented media types per status. */
  responses: Record<string, Record<string, MediaType>>;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      route: path.replace(/\{([^}]+)\}/g, ':$1'),
      operationId: op.operationId,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      jsonBody: op.requestBody?.content['application/json']?.schema ?? null,
      statuses: new Set(Object.keys(op.responses).map(Number)),
      responses: Object.fromEntries(Object.entries(op.responses).map(([status, response]) => [status, response.content ?? {}])),
    })),
  );
}

const DOCUMENT_ID = 'pulse-openapi';

/** `#/components/...` inside a route's schema points into the document, registered under its own id. */
export function withDocumentRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as JsonSchema;
}

/** Validates response bodies against the document's schemas (ajv, JSON Schema 2020-12 with formats). */
export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  }

  /** The problems of `body` against the schema of `operation`'s `status` in `mediaType`; [] when it matches. */
  check(operation: Operation, status: number, mediaType: string, body: unknown): string[] {
    const key = `${operation.method} ${operation.route} ${status} ${mediaType}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const schema = operation.responses[String(status)]?.[mediaType]?.schema;
      if (!schema) return [`no schema documented for ${status} ${mediaType}`];
      validate = this.ajv.compile(withDocumentRefs(schema));
      this.cache.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }
}
