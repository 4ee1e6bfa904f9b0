// The route catalogue and the OpenAPI document built from it: an entry of its own, so the panel's bundle
// never carries the catalogue (building it runs code a bundler cannot drop).
export * from './catalogue.ts';
export { API_ROUTES, buildOpenApiDocument } from './document.ts';
export { OPENAPI_PATHS } from './routes.ts';
