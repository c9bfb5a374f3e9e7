// The calls of server/routes/account.ts, declared with declareCall (contract/http.ts).
export {};
