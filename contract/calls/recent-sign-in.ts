// The calls of server/routes/recent-sign-in.ts, declared with declareCall (contract/http.ts).
export {};
