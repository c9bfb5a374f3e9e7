// The calls of server/routes/second-factor.ts, declared with declareCall (contract/http.ts).
export {};
