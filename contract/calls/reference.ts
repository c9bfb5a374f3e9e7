// The API's own reference (issue 23): the OpenAPI document and its page, declared with declareCall (contract/http.ts).
import { declareCall } from '../http';

export const openApiDocument = declareCall({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document',
  description: 'Built from the same declarations the portal mounts, so it lists every call the API answers.',
  tag: 'Reference',
  access: 'visitor',
  answers: { 200: { mediaType: 'application/json' } },
});

/** @public Mounted by the server; no page of the portal calls it. */
export const apiReferencePage = declareCall({
  method: 'GET',
  path: '/api/docs',
  summary: 'This API reference, as a page to read and try the calls',
  tag: 'Reference',
  access: 'visitor',
  answers: { 200: { mediaType: 'text/html' } },
});

export const apiReferenceScript = declareCall({
  method: 'GET',
  path: '/api/docs/scalar.js',
  summary: "The reference page's script, served by the portal itself",
  description:
    "The Scalar API reference viewer with the page's settings at its end. Its address carries a version (`?v=`), so it may be kept for a year.",
  tag: 'Reference',
  access: 'visitor',
  answers: { 200: { mediaType: 'text/javascript' } },
});
