// The calls of server/routes/bot-check.ts, declared with declareCall (contract/http.ts).
export {};
