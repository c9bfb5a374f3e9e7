// The calls of server/routes/billing.ts, declared with declareCall (contract/http.ts).
export {};
