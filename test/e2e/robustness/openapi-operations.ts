/** The parts of an OpenAPI 3 document the robustness battery needs, read from GET /docs-json. */
export interface Operation {
  /** `POST /v1/jobs/{id}` */
  id: string;
  method: string;
  /** Path template with `{param}` placeholders. */
  path: string;
  /** session: the dashboard's cookie and CSRF token (every /dashboard/v1 route, signed-in or not). */
  auth: 'admin' | 'apiKey' | 'session';
  pathParams: string[];
  queryParams: string[];
  requiredQueryParams: string[];
  headerParams: string[];
  /** Documented body: its media type, every field, the required ones and their examples. */
  body: {
    mediaType: 'json' | 'multipart';
    fields: string[];
    required: string[];
    examples: Record<string, unknown>;
  } | null;
}

type Schema = { $ref?: string; properties?: Record<string, { example?: unknown; type?: string }>; required?: string[] };
type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean }>;
        security?: Array<Record<string, unknown>>;
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): Operation => {
        const params = (where: string, requiredOnly = false) =>
          (op.parameters ?? []).filter((p) => p.in === where && (!requiredOnly || p.required)).map((p) => p.name);
        const content = op.requestBody?.content ?? {};
        const mediaType = content['multipart/form-data'] ? 'multipart' : content['application/json'] ? 'json' : null;
        const schema = mediaType
          ? resolve(content[mediaType === 'json' ? 'application/json' : 'multipart/form-data'].schema)
          : null;
        const properties = schema?.properties ?? {};
        return {
          id: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          auth: (op.security ?? []).some((requirement) => 'admin' in requirement)
            ? 'admin'
            : path.startsWith('/dashboard/')
              ? 'session'
              : 'apiKey',
          pathParams: params('path'),
          queryParams: params('query'),
          requiredQueryParams: params('query', true),
          headerParams: params('header'),
          body:
            mediaType && schema
              ? {
                  mediaType,
                  fields: Object.keys(properties),
                  required: schema.required ?? [],
                  examples: Object.fromEntries(
                    Object.entries(properties)
                      .filter(([, p]) => p.example !== undefined)
                      .map(([name, p]) => [name, p.example]),
                  ),
                }
              : null,
        };
      }),
  );
}
