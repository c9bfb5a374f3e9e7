// The calls of server/routes/linked-sign-ins.ts, declared with declareCall (contract/http.ts).
export {};
