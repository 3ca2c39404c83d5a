// The HTTP host every process runs: the Fastify app, the envelope and error mapping, body rules, logging,
// OpenAPI conventions, the web app's files and the ops routes. It knows no use case: libs/app/api brings those.
export { createHttpApp } from './create-http-app';
export { OpsModule } from './ops.module';
export { ReadinessNotes } from './health/readiness-notes';
export { AcceptsUpload, MultipartRoutesGuard } from './http/multipart-routes.guard';
export { Public, PUBLIC_ROUTE } from './http/public-route.decorator';
export { allowCorsOrigin, answerPreflight } from './http/cors';
export { RawResponse } from './http/raw-response.decorator';
export { receiveCsvUpload, type ReceivedFile } from './http/csv-upload';
export { ValidatesOwnText } from './http/input-text-rules';
export { ApiCsvUpload } from './docs/api-csv-upload.decorator';
export { ApiEnvelope, ApiErrorBody, ApiErrors, ApiOptionalBody } from './docs/api-envelope.decorators';
export { ApiIdParam, ApiPageQueries } from './docs/api-params.decorators';
export { WebApp } from './web/web-app';
