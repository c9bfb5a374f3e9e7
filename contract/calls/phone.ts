// The calls of server/routes/phone.ts, declared with declareCall (contract/http.ts).
export {};
