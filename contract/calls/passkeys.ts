// The calls of server/routes/passkeys.ts, declared with declareCall (contract/http.ts).
export {};
