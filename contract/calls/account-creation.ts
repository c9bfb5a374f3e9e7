// The calls of server/routes/account-creation.ts, declared with declareCall (contract/http.ts).
export {};
