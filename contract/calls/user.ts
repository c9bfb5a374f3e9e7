// The calls of server/routes/user.ts, declared with declareCall (contract/http.ts).
export {};
