// The API's own reference (issue 23): the OpenAPI document and its page, declared with declareCall (contract/http.ts).
export {};
