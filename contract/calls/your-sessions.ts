// The calls of server/routes/your-sessions.ts, declared with declareCall (contract/http.ts).
export {};
