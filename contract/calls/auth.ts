// The calls of server/routes/auth.ts, declared with declareCall (contract/http.ts).
export {};
