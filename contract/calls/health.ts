// The calls of server/routes/health.ts, declared with declareCall (contract/http.ts).
export {};
