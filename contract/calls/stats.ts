// The calls of server/routes/stats.ts, declared with declareCall (contract/http.ts).
export {};
