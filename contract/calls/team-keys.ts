// The calls of server/routes/team-keys.ts, declared with declareCall (contract/http.ts).
export {};
