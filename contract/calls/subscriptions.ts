// The calls of server/routes/subscriptions.ts, declared with declareCall (contract/http.ts).
export {};
