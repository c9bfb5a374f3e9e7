// The calls of server/routes/well-known.ts, declared with declareCall (contract/http.ts).
export {};
