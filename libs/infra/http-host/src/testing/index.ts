// For tests only (production code never imports it: a layer rule refuses it): the bounds a hostile body is
// measured against, and the web app's registration and build folder, which its spec serves from a folder of its own.
export { JSON_BODY_BOUNDS } from '../http/json-body-rules';
export { NOT_BUILT, registerWebApp } from '../web/web-app';
export { webBuildDir } from '../web/web-dir';
