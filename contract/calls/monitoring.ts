// The calls of server/routes/monitoring.ts, declared with declareCall (contract/http.ts).
export {};
